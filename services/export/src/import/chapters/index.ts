/** Chapter detection, shared by every import (a new book, and an edited Word file coming back). */
export { readsAsChapterTitle } from './chapter-titles';
export { markChapters, isLevelOneHeading } from './mark-chapters';
export { chapterWords, type ChapterWords } from './chapter-words';
