import { z } from 'zod';
import { imageUploadMaxBytes } from '../image/image';

/**
 * Images inside a book's chapters (issue 46): each belongs to its book, its bytes in the blob store, and the
 * manuscript's `image` node names it by the URL the gateway serves it at, with the book's access rule. The
 * manuscript never holds the bytes.
 */

/** An image's id: the first 32 hex digits of its bytes' SHA-256, so storing the same image twice is one image. */
export const BookImageIdSchema = z.string().regex(/^[a-f0-9]{32}$/, 'Unknown image');

/** A chapter image is held to the upload limit of every image (spec §9: 10 MB). */
export const bookImageMaxBytes = imageUploadMaxBytes;

/** What a book's image is stored as, whatever the source was (WebP becomes JPEG, which every reader shows). */
export const bookImageContentTypes = ['image/png', 'image/jpeg'] as const;
export type BookImageContentType = (typeof bookImageContentTypes)[number];

/** The file name extension of a stored image, for the EPUB and the takeout. */
export const bookImageExtension = (contentType: string): 'png' | 'jpg' => (contentType === 'image/png' ? 'png' : 'jpg');

/** Where the gateway serves an image of a book (anyone who may read the book). */
export const bookImageUrl = (bookId: string, imageId: string): string => `/api/v1/book/${bookId}/images/${imageId}`;

/** Every image of a book lives under this prefix; the book's deletion removes it. */
export const bookImageBlobPrefix = (bookId: string): string => `book-images/${bookId}`;

export const bookImageBlobKey = (bookId: string, imageId: string): string =>
  `${bookImageBlobPrefix(bookId)}/${imageId}`;

/** What an author's upload of an image for a chapter answers (POST /book/{id}/images): the node's src to insert. */
export const StoredBookImageSchema = z
  .object({
    imageId: BookImageIdSchema,
    src: z.string().describe("The image's URL, the src of the editor's image node"),
    contentType: z.enum(bookImageContentTypes),
  })
  .strict();
export type StoredBookImage = z.infer<typeof StoredBookImageSchema>;

const bookImageUrlPattern = /^\/api\/v1\/book\/([\w-]{1,100})\/images\/([a-f0-9]{32})$/;

/** Reads an image node's src back into its parts; null for anything that is not an image of a book of ours. */
export function parseBookImageUrl(src: string): { bookId: string; imageId: string } | null {
  const match = bookImageUrlPattern.exec(src);
  return match ? { bookId: match[1]!, imageId: match[2]! } : null;
}

/**
 * The src of an image in a converted manuscript that has no book yet: the book service stores the image
 * under the new book and writes its URL in place of this.
 */
export const importedImageSrc = (imageId: string): string => `imported:${imageId}`;

export function parseImportedImageSrc(src: string): string | null {
  return /^imported:([a-f0-9]{32})$/.exec(src)?.[1] ?? null;
}

/** A converted image waiting in the blob store for its book (export.manuscript.convert → book.manuscript.import). */
export const ImportedImageSchema = z.object({
  imageId: BookImageIdSchema,
  blobKey: z.string().min(1).max(300),
});
export type ImportedImage = z.infer<typeof ImportedImageSchema>;

/** An imported manuscript keeps this many images at most; the rest are dropped and counted. */
export const importedImagesMax = 500;
