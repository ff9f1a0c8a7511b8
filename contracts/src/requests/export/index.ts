import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ExportRequestSchema, ExportValidationSchema, ValidateExportRequestSchema } from '../../http/export/export';
import { defineHealthRequest } from '../health';

const owned = { userId: z.string(), bookId: z.string() };

export const ExportResultSchema = z.object({
  /** The file in the blob store (exports are too large for one bus message). Deleted after download. */
  blobKey: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type ExportResult = z.infer<typeof ExportResultSchema>;

export const exportRequests = {
  health: defineHealthRequest('export'),
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
      'Renders the EPUB, KDP interior PDF, KDP cover PDF or ZIP of both into the blob store. 400 {msg, issues} when required metadata or the cover is missing.',
  }),
} as const;
