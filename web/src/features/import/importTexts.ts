import type { ImportDroppedKind, ImportKeptKind, ImportReport } from '@bookwright/contracts/http';

type FrontMatterKind = ImportReport['frontMatter'][number];

const count = (n: number) => n.toLocaleString('en-GB');
/** "1 chapter", "12 chapters". */
const plural = (one: string, many: string) => (n: number) => `${count(n)} ${n === 1 ? one : many}`;
/** "1 text box was not imported", "3 text boxes were not imported". */
const notImported = (one: string, many: string) => (n: number) =>
  n === 1 ? `1 ${one} was not imported` : `${count(n)} ${many} were not imported`;

/**
 * The words of importing a manuscript (issue 46). The refusals are the server's (manuscriptImportMessages in
 * the contracts); these say what the dialogs and the report say around them.
 */
export const importTexts = {
  open: 'Import a manuscript',
  title: 'Import a manuscript',
  description:
    'Bring a book you have already written. Chapters, italics, scene breaks and notes come across; nothing is written by AI, and an import does not count against this month’s books.',
  dropTitle: 'Drop your manuscript here',
  choose: 'or choose a file',
  fileLabel: 'Manuscript file',
  kinds: 'Word (.docx), Markdown (.md), EPUB (.epub) or plain text (.txt), up to 50 MB',
  details: 'Title, language and genre (optional)',
  detailsHint: 'Leave them empty and they are read from the manuscript where it says them.',
  titleLabel: 'Title',
  languageLabel: 'Language',
  chooseLanguage: 'From the file',
  genreLabel: 'Genre',
  chooseGenre: 'Choose later',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  uploadingUnknown: 'Uploading…',
  reading: 'Reading your manuscript…',
  progressLabel: 'Upload progress',
  cancel: 'Cancel',
  tryAgain: 'Choose another file',
  /** No answer, a server fault, or an answer the page cannot read: the server's msg is shown when it gave one. */
  failure: 'The manuscript could not be imported. Please try again.',
  imported: 'Your manuscript is a book now',
  openInEditor: 'Open in the editor',

  reportTitle: 'What came across',
  fromFile: (fileName: string, words: number) => `${fileName} · ${count(words)} words`,
  chaptersHeading: (n: number) => `${count(n)} ${n === 1 ? 'chapter' : 'chapters'} found`,
  chapterWords: (words: number) => `${count(words)} ${words === 1 ? 'word' : 'words'}`,
  untitled: 'Untitled chapter',
  frontMatterHeading: 'Front matter recognised',
  frontMatterNote: 'Kept out of the chapters.',
  metadataHeading: 'Book details filled in',
  metadataFields: { title: 'Title', author: 'Author', rights: 'Rights' } as const,
  keptHeading: 'Kept',
  droppedHeading: 'Not imported',
  nothingDropped: 'Nothing was left out.',

  reimport: {
    open: 'Import a corrected Word file…',
    title: 'Import a corrected Word file',
    description:
      'Bring back the Word file your editor worked on. The text is replaced chapter by chapter, and the book as it is now is kept first as a version named “Before import” in History.',
    suggestions: 'Tracked changes come back as suggestions to accept or reject, and Word comments as comments.',
    kinds: 'Word (.docx) only, up to 50 MB',
    dropTitle: 'Drop the corrected Word file here',
    unsaved: 'Your unsaved changes are saved first.',
    saveFailed: 'Your changes could not be saved, so nothing was imported. Save them, then try again.',
    conflict:
      'This book was changed in another tab or device since you opened it, so nothing was imported. The editor now shows that version: look it over, then import again.',
    imported: 'The corrected file is in the book',
    done: 'Done',
  },
};

/** What an import keeps, in the author's words: "12 chapters", "3 Word comments, as comments". */
export const keptText: Record<ImportKeptKind, (n: number) => string> = {
  chapters: plural('chapter', 'chapters'),
  italics: plural('passage in italics', 'passages in italics'),
  bold: plural('passage in bold', 'passages in bold'),
  underline: plural('underlined passage', 'underlined passages'),
  'small-caps': plural('passage in small caps', 'passages in small caps'),
  'block-quotes': plural('block quote', 'block quotes'),
  lists: plural('list', 'lists'),
  alignment: plural('centred or right-aligned paragraph', 'centred or right-aligned paragraphs'),
  'scene-breaks': plural('scene break', 'scene breaks'),
  notes: (n) => `${plural('footnote or endnote', 'footnotes and endnotes')(n)}, as the book’s endnotes`,
  images: plural('image', 'images'),
  comments: (n) => `${plural('Word comment', 'Word comments')(n)}, as comments`,
  'tracked-changes': (n) => `${plural('tracked change', 'tracked changes')(n)}, as suggestions`,
};

/** What an import leaves out, each named: "3 Word comments were not imported". */
export const droppedText: Record<ImportDroppedKind, (n: number) => string> = {
  comments: notImported('Word comment', 'Word comments'),
  'tracked-changes': notImported('tracked change', 'tracked changes'),
  fields: notImported(
    'Word field (page numbers, dates and the like)',
    'Word fields (page numbers, dates and the like)',
  ),
  'text-boxes': notImported('text box', 'text boxes'),
  'headers-and-footers': (n) =>
    n === 1 ? '1 header or footer was not imported' : `${count(n)} headers and footers were not imported`,
  // The report names the reasons beside it (too large, another format, …).
  images: notImported('image', 'images'),
  'unsupported-content': (n) =>
    n === 1
      ? '1 table, equation or other element was not imported'
      : `${count(n)} tables, equations and other elements were not imported`,
};

export const frontMatterText: Record<FrontMatterKind, string> = {
  'title-page': 'Title page',
  copyright: 'Copyright page',
  dedication: 'Dedication',
  'table-of-contents': 'Table of contents',
  other: 'Other front matter',
};
