// The writer's answers without a model. Exported for tests and fixtures that need the default offline book
// (tests/api, export's typography fixture); the writer passes them with its calls.
export { composeChapterPart, offlineNotice } from './compose-chapter-part';
export { composeChapterFacts } from './compose-chapter-facts';
export { composeTranslation, demoTranslationNotice } from './compose-translation';
export type { ChapterPartTask } from '../domain/llm-tasks';
