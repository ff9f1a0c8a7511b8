import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { ExportValidationSchema, ValidateExportRequestSchema } from '../../http/export/export';
import { owned } from './request-fields';

export const validateExportRequest = defineRequest({
  name: 'export.validate',
  version: 1,
  request: z.object({ ...owned, request: ValidateExportRequestSchema }),
  response: ExportValidationSchema,
  description: 'Checks a book against a format/platform: page estimate, metadata, cover, KDP rules.',
});
