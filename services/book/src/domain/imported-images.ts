import {
  AppError,
  bookImageBlobKey,
  bookImageBlobPrefix,
  bookImageUrl,
  parseImportedImageSrc,
  type ImportedImage,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { removeBlobsUnder } from '@bookwright/kit';
import type { BookHandlerDeps } from '../handlers/deps';

/** Where the export service leaves a converted manuscript's images (handlers/convert-manuscript.ts there). */
const importedImageKey = /^imports\/[A-Za-z0-9._-]+\/images\/[a-f0-9]{32}$/;

/**
 * The images of an imported manuscript, copied under the new book before the book is stored: a stored book
 * never names an image that is not there. When a copy fails, what was copied goes again.
 */
export async function storeImportedImages(
  deps: Pick<BookHandlerDeps, 'blobs' | 'logger'>,
  bookId: string,
  images: readonly ImportedImage[],
): Promise<Set<string>> {
  const stored = new Set<string>();
  try {
    for (const { imageId, blobKey } of images) {
      if (!importedImageKey.test(blobKey)) throw new AppError(400, `No imported image under ${blobKey}`);
      const blob = await deps.blobs.get(blobKey);
      if (!blob) throw new AppError(400, `No imported image under ${blobKey}`);
      await deps.blobs.put(bookImageBlobKey(bookId, imageId), blob.data, { contentType: blob.contentType });
      stored.add(imageId);
    }
  } catch (error) {
    await forgetBookImages(deps, bookId);
    throw error;
  }
  return stored;
}

/** Removes every image of a book that was never stored (its insert failed, or another request won). */
export async function forgetBookImages(deps: Pick<BookHandlerDeps, 'blobs' | 'logger'>, bookId: string) {
  await removeBlobsUnder(deps.blobs, bookImageBlobPrefix(bookId), deps.logger).catch((error: unknown) => {
    deps.logger.warn({ err: error, bookId }, 'could not remove the images of a book that was not created');
  });
}

/**
 * The converted document with each imported image named by its URL under the book; an image that was not
 * stored (none should be) is taken out rather than left pointing nowhere.
 */
export function withBookImages(document: TiptapDocument, bookId: string, stored: ReadonlySet<string>): TiptapDocument {
  const rewrite = (nodes: TiptapNode[]): TiptapNode[] =>
    nodes.flatMap((node) => {
      const imageId = node.type === 'image' ? parseImportedImageSrc(String(node.attrs?.['src'] ?? '')) : null;
      if (imageId === null) return [node.content ? { ...node, content: rewrite(node.content) } : node];
      return stored.has(imageId) ? [{ ...node, attrs: { ...node.attrs, src: bookImageUrl(bookId, imageId) } }] : [];
    });
  return { ...document, content: rewrite(document.content) };
}
