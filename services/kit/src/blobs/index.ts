export type { Blob, BlobInfo, BlobStore } from './blob-store';
export { assertValidKey } from './keys';
export { createFsBlobStore } from './fs-blob-store';
export { createBlobStore } from './create-blob-store';
export { removeBlobsUnder } from './remove-prefix';
export { keepIfBookExists } from './keep-if-book-exists';
