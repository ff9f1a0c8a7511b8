export { createOfflineProvider, type OfflineProviderOptions } from './llm/offline-provider';
export { offlineNotice, countWords } from './llm/compose/compose-prose';
export { demoTranslationNotice } from './llm/compose/compose-translation';
export { createOfflineImagesProvider } from './images/offline-provider';
export { renderTypographicCover, typesetOverImage } from './images/designer-on-demand';
export type { CoverLayout, RenderedCover, TextRole } from './images/designer/designer';
