export * from './llm/llm-provider';
export { createOpenAiProvider, type OpenAiProviderOptions, type StructuredOutputsMode } from './llm/openai-provider';
export { createOfflineProvider, type OfflineProviderOptions } from './llm/offline-provider';
export { offlineNotice, countWords } from './llm/offline/compose-prose';
export { ChapterFactsSchema, type ChapterFacts } from './chapter-facts';
export { LlmConfigSchema, resolveLlmProviderName, type LlmConfig } from './config';
export { createLlmProvider } from './create-llm-provider';
