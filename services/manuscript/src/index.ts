/**
 * @bookwright/manuscript: the one owner of a book's editor schema, of its Yjs form, and of its printed
 * form (decision 0043). It runs in Node and in the browser (no DOM needed).
 */
export { bookSchemaExtensions, bookSchema, isAllowedLink, type BookEditorBehaviour } from './schema/book-extensions';
export {
  manuscriptFragmentName,
  manuscriptToYDoc,
  fillYDoc,
  fillOrigin,
  fillClientId,
  yDocToManuscript,
} from './yjs/manuscript-ydoc';
export { printedManuscript, openSuggestionCount } from './printed/printed-manuscript';
export {
  suggestionAuthor,
  memberSuggestionId,
  outsideSuggestionId,
  type SuggestionAuthor,
} from './suggestions/suggestion-authors';
export { keepAuthorship, keepDirectEditsOwn } from './suggestions/keep-authorship';
export { keepSplitsWhole } from './suggestions/split-markers';
