import { AppError, bookImageBlobKey, bookImageUrl, imageMessages } from '@bookwright/contracts/http';
import type { requests } from '@bookwright/contracts/bus';
import { encodeBookImage } from '@bookwright/kit/images';
import type { z } from 'zod';
import { requireOwned } from '../domain/owned-book';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['storeImage'];

/**
 * An image an author inserts into a chapter (issue 46, decision 0050): whoever may change the text may add
 * one, under the same plan rule as every edit. The bytes go through the one gate and encoding of chapter
 * images, so an uploaded image is stored exactly as an imported one would be. The manuscript is not
 * touched: the editor inserts the node, and a save (or the live document) carries it like any other.
 */
export function storeImage(deps: BookHandlerDeps) {
  return async ({ userId, bookId, uploadBlobKey }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await requireOwned(deps, { userId, bookId, action: 'edit' });
    const upload = await deps.blobs.get(uploadBlobKey);
    if (!upload || upload.data.length === 0) throw new AppError(400, imageMessages.noImage);
    const image = await encodeBookImage(upload.data);
    await deps.blobs.put(bookImageBlobKey(bookId, image.imageId), image.data, { contentType: image.contentType });
    return { imageId: image.imageId, src: bookImageUrl(bookId, image.imageId), contentType: image.contentType };
  };
}
