// Test and bench helpers; production code imports '@bookwright/ai', never this entry.
export * from './scripted-openai-server';
