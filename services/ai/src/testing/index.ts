// Test and bench helpers; production code imports '@bookwright/ai', never this entry.
export * from './scripted-openai-server';
export * from './openai-images-server';
export * from './replicate-server';
export { testImage } from './test-image';
