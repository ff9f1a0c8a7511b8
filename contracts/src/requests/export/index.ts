import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ExportRequestSchema, ExportValidationSchema, ValidateExportRequestSchema } from '../../http/export/export';
import { ManuscriptImportResponseSchema } from '../../http/import/manuscript-import';
import { defineHealthRequest } from '../health';
import { convertManuscriptRequest } from './convert-manuscript';
import { renderTakeoutRequest } from './render-takeout';

const owned = { userId: z.string(), bookId: z.string() };

export const ExportResultSchema = z.object({
  /** The file in the blob store (exports are too large for one bus message). Deleted after download. */
  blobKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Suggestions open in the manuscript the file was made from, none of which is in it (printed form). */
  openSuggestions: z.number().int().nonnegative(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const exportRequests = {
  health: defineHealthRequest('export'),
  convertManuscript: convertManuscriptRequest,
  renderTakeout: renderTakeoutRequest,
  validate: defineRequest({
    name: 'export.validate',
    version: 1,
    request: z.object({ ...owned, request: ValidateExportRequestSchema }),
    response: ExportValidationSchema,
    description: 'Checks a book against a format/platform: page estimate, metadata, cover, KDP rules.',
  }),
  render: defineRequest({
    name: 'export.render',
    version: 1,
    request: z.object({ ...owned, request: ExportRequestSchema }),
    response: ExportResultSchema,
    description:
      'Renders the EPUB, KDP interior PDF, KDP cover PDF, ZIP of both, or Word document (docx: manuscript or book layout, open suggestions as tracked changes, comments as Word comments) into the blob store. 400 {msg, issues} when required metadata or the cover is missing.',
  }),
  reimportManuscript: defineRequest({
    name: 'export.manuscript.reimport',
    version: 1,
    request: z.object({
      ...owned,
      /** The uploaded file in the blob store (deleted once read). */
      uploadBlobKey: z.string(),
      fileName: z.string().max(500),
      ifMatch: z.array(z.string()).min(1).max(20).optional(),
    }),
    response: ManuscriptImportResponseSchema,
    description:
      'POST /book/{id}/import: an edited .docx back into its book. Keeps the manuscript as the named revision "Before import", replaces the chapters under the If-Match rules of a content save (412 when stale), Word\'s tracked changes as suggestions and its comments as comment threads; answers the book and the report. 415 for anything but a Word file.',
  }),
} as const;
