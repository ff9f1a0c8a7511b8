import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ExportRequestSchema } from '../../http/export/export';
import { ExportResultSchema } from './export-result';
import { owned } from './request-fields';

export const renderExportRequest = defineRequest({
  name: 'export.render',
  version: 1,
  request: z.object({ ...owned, request: ExportRequestSchema }),
  response: ExportResultSchema,
  description:
    'Renders the EPUB, KDP interior PDF, KDP cover PDF, ZIP of both, or Word document (docx: manuscript or book layout, open suggestions as tracked changes, comments as Word comments) into the blob store. 400 {msg, issues} when required metadata or the cover is missing.',
});
