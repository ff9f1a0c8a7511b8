export { createOfflineProvider, type OfflineProviderOptions } from './llm/offline-provider';
export { offlineNotice, countWords } from './llm/compose/compose-prose';
export { demoTranslationNotice } from './llm/compose/compose-translation';
