export { renderDocx, type DocxFile, type DocxOptions } from './render-docx';
export type { DocxReview } from './review';
