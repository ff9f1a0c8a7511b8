import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookLanguageSchema } from '../../constants/languages';
import { ImportReportSchema } from '../../http/import/manuscript-import';
import { ImportedImageSchema, importedImagesMax } from '../../http/book-images/book-images';

/**
 * A manuscript file made into the editor's document (issue 46): the export service owns every conversion
 * of a book, in and out. The file and the document travel through the blob store (a 50 MB upload and a
 * long book's document are over the bus's message limit).
 */
export const convertManuscriptRequest = defineRequest({
  name: 'export.manuscript.convert',
  version: 1,
  request: z.object({
    userId: z.string(),
    /** The uploaded file, as the gateway stored it. */
    uploadBlobKey: z.string().min(1).max(300),
    fileName: z.string().max(300),
    /** The book's language: chapter titles are read in it ("Kapitel 3"). */
    language: BookLanguageSchema,
  }),
  response: z.object({
    /** The document (tiptap JSON text), checked against the editor's schema; the caller removes it. */
    contentBlobKey: z.string(),
    /** The images the document names (`imported:{imageId}`), checked and re-encoded; the caller removes them. */
    images: z.array(ImportedImageSchema).max(importedImagesMax).default([]),
    report: ImportReportSchema,
  }),
  description:
    'Converts a Word (.docx), Markdown, EPUB or plain-text manuscript into the book document (chapters, front matter, scene breaks, endnotes) and the import report. 4xx {msg} for a file it cannot read (manuscriptImportMessages), never a 5xx for what a file holds. Creates nothing but the blobs of the document and of its images.',
});
