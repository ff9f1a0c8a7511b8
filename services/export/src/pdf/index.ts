export * from './kdp-rules';
export { countInteriorPages, renderInteriorPdf, type InteriorDiagnostics, type InteriorPdf } from './render-interior';
export { renderCoverPdf } from './render-cover';
export { CoverImageRequiredError } from './kdp-rules';
