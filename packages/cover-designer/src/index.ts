export { createOfflineImagesProvider } from './offline-images-provider';
export { renderCoverArt, renderTypographicCover, typesetOverImage } from './on-demand';
export type { CoverLayout, RenderedCover, TextRole } from './designer';
