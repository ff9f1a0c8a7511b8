export { createExportService, exportService, type ExportServiceOptions } from './service';
export type { ExportBook } from './export-book';
export { renderEpub, type EpubRenderOptions } from './epub';
