export { coverService, createCoverService, type CoverServiceOptions } from './service';
export { CoverConfigSchema, type CoverConfig } from './config';
export { buildCoverPrompt } from './domain/cover-prompt';
export { generationMessages } from './domain/messages';
