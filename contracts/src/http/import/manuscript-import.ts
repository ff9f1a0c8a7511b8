import { z } from 'zod';
import { BookSchema } from '../../entities/book/book';

/**
 * Importing a manuscript that already exists (issue 46): `POST /api/v1/book/import` makes a new book from a
 * Word, Markdown, EPUB or plain-text file, and `POST /api/v1/book/{id}/import` brings an edited `.docx` back
 * into its book. The report tells the author what was kept and what was dropped, with counts, so nothing
 * leaves their manuscript silently.
 */

/** The upload limit of a manuscript file, in bytes (50 MB). */
export const manuscriptImportMaxBytes = 50 * 1024 * 1024;

/** The kinds of file an import reads, by what they hold rather than by their name. */
export const importSourceKinds = ['docx', 'markdown', 'epub', 'text'] as const;
export const ImportSourceKindSchema = z.enum(importSourceKinds);
export type ImportSourceKind = z.infer<typeof ImportSourceKindSchema>;

/** What an import keeps of the manuscript, counted in the report. */
export const importKeptKinds = [
  'chapters',
  'italics',
  'bold',
  'underline',
  'small-caps',
  'block-quotes',
  'lists',
  'alignment',
  'scene-breaks',
  'notes',
  'images',
  /** A re-import of an edited `.docx`: Word's comments come back as comments... */
  'comments',
  /** ...and its tracked changes as suggestions. */
  'tracked-changes',
] as const;
export const ImportKeptKindSchema = z.enum(importKeptKinds);
export type ImportKeptKind = z.infer<typeof ImportKeptKindSchema>;

/** What an import leaves out, named in the report with counts. */
export const importDroppedKinds = [
  /** Word comments of a new book (a re-import keeps them). */
  'comments',
  /** Word tracked changes of a new book (a re-import keeps them as suggestions). */
  'tracked-changes',
  'fields',
  'text-boxes',
  'headers-and-footers',
  /** Images over the upload limits, or in a format a book cannot hold. */
  'images',
  /** Tables, equations and other content the editor has no place for. */
  'unsupported-content',
] as const;
export const ImportDroppedKindSchema = z.enum(importDroppedKinds);
export type ImportDroppedKind = z.infer<typeof ImportDroppedKindSchema>;

/** Front matter recognised before the first chapter, and not imported as a chapter. */
export const frontMatterKinds = ['title-page', 'copyright', 'dedication', 'table-of-contents', 'other'] as const;
export const FrontMatterKindSchema = z.enum(frontMatterKinds);
export type FrontMatterKind = z.infer<typeof FrontMatterKindSchema>;

const countOf = <Kind extends z.ZodType>(kind: Kind) => z.object({ kind, count: z.number().int().positive() }).strict();

/** What was dropped, with the reasons when the kind alone does not say (an image too large, in another format). */
const droppedCount = z
  .object({
    kind: ImportDroppedKindSchema,
    count: z.number().int().positive(),
    reasons: z.array(z.string().max(300)).max(10).optional(),
  })
  .strict();

export const ImportReportSchema = z
  .object({
    source: z
      .object({ fileName: z.string(), kind: ImportSourceKindSchema, bytes: z.number().int().nonnegative() })
      .strict(),
    /** The chapters found, in order, with their titles as the book now holds them. */
    chapters: z.array(z.object({ title: z.string(), words: z.number().int().nonnegative() }).strict()),
    words: z.number().int().nonnegative(),
    frontMatter: z.array(FrontMatterKindSchema),
    /** What was found in the front matter and written into the book's metadata. */
    metadata: z
      .object({ title: z.string().optional(), author: z.string().optional(), rights: z.string().optional() })
      .strict(),
    kept: z.array(countOf(ImportKeptKindSchema)),
    dropped: z.array(droppedCount),
  })
  .strict();
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** 201 of `POST /book/import` (a new book, status `ready`) and 200 of `POST /book/{id}/import`. */
export const ManuscriptImportResponseSchema = z.object({ book: BookSchema, report: ImportReportSchema }).strict();
export type ManuscriptImportResponse = z.infer<typeof ManuscriptImportResponseSchema>;

/** The form fields beside `file` of `POST /book/import`. */
export const ManuscriptImportFieldsSchema = z
  .object({
    title: z.string().trim().min(1).max(200).optional(),
    language: z.string().trim().min(2).max(35).optional(),
    genre: z.string().trim().min(1).max(100).optional(),
    workspaceId: z.string().min(1).max(100).optional(),
  })
  .strict();
export type ManuscriptImportFields = z.infer<typeof ManuscriptImportFieldsSchema>;

/** The texts of an import's refusals (4xx `{msg}`); nothing is created when one is answered. */
export const manuscriptImportMessages = {
  missingFile: 'Choose a manuscript file to import (field "file")',
  tooLarge: 'The manuscript is larger than 50 MB',
  unsupported: 'Unsupported file. Import a Word (.docx), Markdown (.md), EPUB (.epub) or plain text (.txt) file.',
  encrypted: 'This document is password-protected. Remove the password in Word and import it again.',
  corrupt: 'This file is damaged and cannot be read. Save it again from your word processor and retry.',
  tooManyEntries: 'This file holds too much to unpack safely. Save it again from your word processor and retry.',
  noText: 'This document has no text to import.',
  reimportDocxOnly: 'A book can take back only a Word (.docx) file.',
} as const;
