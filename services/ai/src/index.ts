export * from './llm/llm-provider';
export { createOpenAiProvider, type OpenAiProviderOptions, type StructuredOutputsMode } from './llm/openai-provider';
export { LlmConfigSchema, resolveLlmProviderName, type LlmConfig } from './config';
export { createLlmProvider, type LlmAdapters, type OfflineLlmOptions } from './create-llm-provider';
export * from './images/images-provider';
export { createOpenAiImagesProvider, type OpenAiImagesProviderOptions } from './images/openai-images-provider';
export { createReplicateProvider, type ReplicateProviderOptions } from './images/replicate-provider';
export { ImagesConfigSchema, resolveImagesProviderName, type ImagesConfig } from './config';
export { createImagesProvider, type ImagesAdapters } from './create-images-provider';
