import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookImageBlobPrefix, bookImageUrl, importedImageSrc, type TiptapDocument } from '@bookwright/contracts/http';
import { createFsBlobStore, silentLogger, type BlobStore } from '@bookwright/kit';
import { storeImportedImages, withBookImages } from './imported-images';

/*
 * An imported manuscript's images reach their new book before the book is stored, and nothing of them stays
 * when storing them fails.
 */
const map = 'a'.repeat(32);
const photo = 'b'.repeat(32);
let dir: string;
let blobs: BlobStore;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'imported-images-'));
  blobs = createFsBlobStore({ root: dir });
  await blobs.put(`imports/i1/images/${map}`, Buffer.from('map'), { contentType: 'image/png' });
});
afterEach(async () => {
  await blobs.close();
  await rm(dir, { recursive: true, force: true });
});
const deps = () => ({ blobs, logger: silentLogger() });

describe('the images of an imported manuscript', () => {
  it('are copied under the new book, and the document names them by their URLs there', async () => {
    const stored = await storeImportedImages(deps(), 'book1', [{ imageId: map, blobKey: `imports/i1/images/${map}` }]);
    expect(await blobs.list(bookImageBlobPrefix('book1'))).toEqual([`book-images/book1/${map}`]);
    expect((await blobs.get(`book-images/book1/${map}`))?.contentType).toBe('image/png');
    const document: TiptapDocument = {
      type: 'doc',
      content: [
        { type: 'image', attrs: { src: importedImageSrc(map), alt: 'Map', width: null } },
        { type: 'blockquote', content: [{ type: 'image', attrs: { src: importedImageSrc(photo), alt: null } }] },
      ],
    };
    // An image that was not stored is taken out rather than left pointing nowhere.
    expect(withBookImages(document, 'book1', stored).content).toEqual([
      { type: 'image', attrs: { src: bookImageUrl('book1', map), alt: 'Map', width: null } },
      { type: 'blockquote', content: [] },
    ]);
  });

  it('leave nothing under the book when one of them cannot be stored', async () => {
    await expect(
      storeImportedImages(deps(), 'book2', [
        { imageId: map, blobKey: `imports/i1/images/${map}` },
        { imageId: photo, blobKey: `imports/i1/images/${photo}` },
      ]),
    ).rejects.toThrow(/No imported image/);
    expect(await blobs.list(bookImageBlobPrefix('book2'))).toEqual([]);
    // Only the export service's folder of converted images is read from.
    await expect(storeImportedImages(deps(), 'book3', [{ imageId: map, blobKey: `covers/x/${map}` }])).rejects.toThrow(
      /No imported image/,
    );
  });
});
