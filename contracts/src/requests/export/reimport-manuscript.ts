import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ManuscriptImportResponseSchema } from '../../http/import/manuscript-import';
import { owned } from './request-fields';

export const reimportManuscriptRequest = defineRequest({
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
});
