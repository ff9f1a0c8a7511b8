export * from './llm/llm-provider';
export { createOpenAiProvider, type OpenAiProviderOptions, type StructuredOutputsMode } from './llm/openai-provider';
export { createOfflineProvider, type OfflineProviderOptions } from './llm/offline-provider';
export { offlineNotice, countWords } from './llm/offline/compose-prose';
export { ChapterFactsSchema, type ChapterFacts } from './chapter-facts';
export { LlmConfigSchema, resolveLlmProviderName, type LlmConfig } from './config';
export { createLlmProvider } from './create-llm-provider';
export * from './images/images-provider';
export { createOpenAiImagesProvider, type OpenAiImagesProviderOptions } from './images/openai-images-provider';
export { createReplicateProvider, type ReplicateProviderOptions } from './images/replicate-provider';
export { createOfflineImagesProvider } from './images/offline-provider';
export {
  renderTypographicCover,
  typesetOverImage,
  type CoverLayout,
  type RenderedCover,
  type TextRole,
} from './images/offline/designer';
export { ImagesConfigSchema, resolveImagesProviderName, type ImagesConfig } from './config';
export { createImagesProvider } from './create-images-provider';
