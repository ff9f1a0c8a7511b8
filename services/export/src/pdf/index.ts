export * from './kdp-rules';
export { countInteriorPages, renderInteriorPdf, type InteriorDiagnostics, type InteriorPdf } from './render-interior';
export { CoverImageRequiredError, coverEffectiveDpi, renderCoverPdf } from './render-cover';
