export { createExportService, exportService, type ExportServiceOptions } from './service';
export type { ExportBook } from './export-book';
// The EPUB renderer is `@bookwright/export/epub`: importing it here would load epub-gen-memory into every
// process that only starts the service.
