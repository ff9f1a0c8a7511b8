import {
  PrintOptionsSchema,
  type DocxLayout,
  type ExportRequest,
  type PrintOptions,
  type ValidateExportRequest,
} from '@bookwright/contracts/http';

/** What to produce: an EPUB, or KDP print files with every print option resolved to its default. */
export type ExportTarget =
  { format: 'epub' } | { format: 'pdf'; print: PrintOptions } | { format: 'docx'; layout: DocxLayout };

/**
 * The target of a validate or export request. Print options the dialog left out take spec §9's defaults;
 * the client's pageCount and spineWidth are dropped: the server always computes them itself.
 */
export function exportTarget(request: ValidateExportRequest | ExportRequest): ExportTarget {
  if (request.format === 'epub') return { format: 'epub' };
  if (request.format === 'docx') return { format: 'docx', layout: request.layout };
  const { pageCount: _pageCount, spineWidth: _spineWidth, ...options } = request;
  return { format: 'pdf', print: PrintOptionsSchema.parse(options) };
}
