import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { BookLanguageSchema } from '../../constants/languages';
import { GenreSchema } from '../../constants/genres';
import { ImportedImageSchema, importedImagesMax } from '../../http/book-images/book-images';

/**
 * A new book from an imported manuscript (issue 46): ready at once, written by no AI, and so not one of
 * the month's books; like every book it needs a plan.
 */
export const importManuscriptRequest = defineRequest({
  name: 'book.manuscript.import',
  version: 1,
  request: z.object({
    userId: z.string(),
    /** The HTTP request id: a retried request creates one book. */
    requestId: z.string().min(1).max(190),
    workspaceId: z.string().optional().describe("A workspace the person belongs to: the book is the workspace's"),
    /** The converted document (export.manuscript.convert), in the blob store. */
    contentBlobKey: z.string().min(1).max(300),
    /** The converted images the document names; stored under the new book before the book itself. */
    images: z.array(ImportedImageSchema).max(importedImagesMax).default([]),
    /** The uploaded file's name, which the book's prompt records ("Imported from …"). */
    fileName: z.string().max(300),
    title: z.string().trim().min(1).max(200),
    language: BookLanguageSchema,
    genre: GenreSchema,
    /** What the manuscript's front matter said: it prefills the publishing metadata. */
    author: z.string().max(300).optional(),
    rights: z.string().max(1_000).optional(),
  }),
  response: BookSchema,
  description:
    'POST /book/import: stores a new book in ready with the converted manuscript (kept as the revision "As imported") and publishes book.created and book.ready. No allowance is used; 402 without a plan. The same requestId returns the same book.',
});
