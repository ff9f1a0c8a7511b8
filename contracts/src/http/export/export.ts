import { z } from 'zod';
import { PaperColorSchema, TrimSizeSchema } from '../../constants/print';
import { safeFileName } from '../../text/file-name';

export const ExportFormatSchema = z.enum(['epub', 'pdf'], { error: 'Choose a format: epub or pdf' });
export const ExportTypeSchema = z.enum(['interior', 'cover', 'both']);
export type ExportType = z.infer<typeof ExportTypeSchema>;

/** Print options of spec §3. pageCount and spineWidth may be sent but are always recomputed by the server. */
export const PrintOptionsSchema = z.object({
  platform: z.literal('kdp', { error: 'Only the Amazon KDP print platform is available' }).default('kdp'),
  exportType: ExportTypeSchema.default('interior'),
  trimSize: TrimSizeSchema.default('6x9'),
  paperColor: PaperColorSchema.default('white'),
  isPaperback: z.boolean().default(true),
  bleed: z.boolean().default(false),
  pageCount: z.number().optional(),
  spineWidth: z.number().optional(),
});
export type PrintOptions = z.infer<typeof PrintOptionsSchema>;

/**
 * The two Word layouts (issue 46): `manuscript`, standard manuscript format for agents and editors (12 pt
 * Times New Roman, double-spaced, 1-inch margins, a title page with the word count); `book`, the print
 * interior's styles for a publisher's designer.
 */
export const DocxLayoutSchema = z.enum(['manuscript', 'book'], { error: 'Choose a layout: manuscript or book' });
export type DocxLayout = z.infer<typeof DocxLayoutSchema>;

export const exportRequestMessages = {
  layoutOnlyForDocx: 'A layout is chosen only for the Word (docx) export',
} as const;

/** `layout` belongs to the Word export: on the others it is refused, not ignored. */
const noLayout = {
  layout: z
    .never({ error: exportRequestMessages.layoutOnlyForDocx })
    .optional()
    .describe('Not allowed: a layout is chosen only with format docx'),
};

/** POST /book/export/{id} */
export const ExportRequestSchema = z.discriminatedUnion(
  'format',
  [
    z.object({ format: z.literal('epub'), ...noLayout }).loose(),
    PrintOptionsSchema.extend({ format: z.literal('pdf'), ...noLayout }),
    z.object({ format: z.literal('docx'), layout: DocxLayoutSchema.default('manuscript') }),
  ],
  { error: 'Choose a format: epub, pdf or docx' },
);
export type ExportRequest = z.infer<typeof ExportRequestSchema>;

/** POST /book/{id}/validate-export */
export const ValidateExportRequestSchema = z.discriminatedUnion(
  'format',
  [
    z.object({ format: z.literal('epub'), platform: z.string().optional() }),
    PrintOptionsSchema.partial().extend({ format: z.literal('pdf') }),
  ],
  { error: 'Choose a format: epub or pdf' },
);
export type ValidateExportRequest = z.infer<typeof ValidateExportRequestSchema>;

/**
 * The metadata an EPUB needs (spec §5), in the order the completion step asks for them: the one list the
 * export's check, the validation's answer and the web app's completion step read.
 */
export const requiredEpubMetadata = ['title', 'author', 'identifier', 'languageMetadata'] as const;
export const RequiredEpubMetadataSchema = z.enum(requiredEpubMetadata);
export type RequiredEpubMetadata = z.infer<typeof RequiredEpubMetadataSchema>;

/** Export validation result of spec §3, plus the numbers the dialog shows. */
export const ExportValidationSchema = z.object({
  isValid: z.boolean(),
  warnings: z.array(z.string()),
  suggestions: z.array(z.string()),
  /** Spec §9's estimate from the manuscript's characters. */
  pageCount: z.number().int(),
  /** Pages of the actual print interior when format is pdf (front matter, blank versos …). */
  printPageCount: z.number().int().nullable(),
  spineWidthIn: z.number().nullable(),
  missingMetadata: z.array(RequiredEpubMetadataSchema),
  /**
   * Print PDF only: characters of the book (text, title, author, description) that no embedded font has,
   * each once. Empty when every character prints; the dialog ticks "Fonts embedded" only then.
   */
  missingGlyphs: z.array(z.string()).default([]),
  /**
   * Suggestions open in the stored manuscript (distinct ids): an export prints the manuscript with every
   * one of them rejected, so none of them is in the file (issue 44, decision 0043).
   */
  openSuggestions: z.number().int().nonnegative().default(0),
});
export type ExportValidation = z.infer<typeof ExportValidationSchema>;

/** What an export says of the suggestions it left out: "2 open suggestions are not in this export". */
export function openSuggestionsNotice(count: number): string {
  return count === 1 ? '1 open suggestion is not in this export' : `${count} open suggestions are not in this export`;
}

export const exportMessages = {
  missingMetadata: 'Missing required metadata',
  coverRequired: 'Cover image required',
  notReady: 'The book is not ready to export yet',
  /** A Word file that failed the package check (issue 46): a fault of ours, never offered for download. */
  docxDamaged: 'The Word file could not be made correctly, so it was not saved. Please try again.',
  /**
   * No authoritative case-laminate figures (wrap, hinge, board per trim) are available to build KDP's
   * hardcover wrap from; public guides disagree. The dialog offers hardcover interiors only, with this reason.
   */
  hardcoverCoverUnavailable:
    'Hardcover cover PDFs are not available yet: KDP’s case-laminate wrap must be made with its own cover ' +
    'template. Export the interior only, or choose a paperback.',
} as const;

/**
 * Download names of spec §7, plus the KDP suffix. The title keeps every letter and space (issue 20:
 * "Die Briefe der Leuchtturmwärterin.epub", "未来からの手紙"); only characters unsafe in a file name go.
 * The gateway sends an ASCII fallback beside it (RFC 6266).
 */
export function exportFileName(
  title: string,
  format: 'epub' | 'pdf' | 'docx',
  exportType: ExportType = 'interior',
  layout: DocxLayout = 'manuscript',
): string {
  const base = safeFileName(title) || 'book';
  if (format === 'epub') return `${base}.epub`;
  // Both layouts may sit side by side in a download folder.
  if (format === 'docx') return `${base}_${layout === 'manuscript' ? 'Manuscript' : 'Book'}.docx`;
  if (exportType === 'both') return `${base}_KDP_Complete.zip`;
  return `${base}_KDP_${exportType === 'cover' ? 'Cover' : 'Interior'}.pdf`;
}
