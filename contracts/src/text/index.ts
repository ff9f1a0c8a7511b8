export * from './cut-text';
export * from './word-count';
export * from './search-fold';
export * from './description/description-html';
export * from './description/description-field';
export * from './file-name';
export * from './email-address';
export * from './keywords';
