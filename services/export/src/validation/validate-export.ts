import { descriptionLength } from '@bookwright/contracts/text';
import {
  estimatePages,
  exportMessages,
  estimateTextPages,
  spineWidthIn,
  trimSizes,
  type Book,
  type ExportValidation,
  type PrintOptions,
  type RequiredEpubMetadata,
} from '@bookwright/contracts/http';
import {
  coverEffectiveDpi,
  frontPanelIn,
  hardcoverTrimSizes,
  minimumImageDpi,
  pageLimits,
  spineText,
  spineTextAllowed,
} from '../pdf/kdp-rules';
import type { ExportTarget } from '../domain/export-target';
import { isbnDigits, isValidIsbn } from '../domain/isbn';
import { metadataIssues, missingMetadata } from '../domain/required-metadata';

/*
 * Export validation (spec §3's result, ARCHITECTURE §12's KDP rules): what stops an export (blockers),
 * what KDP or a store would complain about but does not stop the file (warnings), and what would make the
 * book better (suggestions). Pure: the handlers load the book, the cover's size and the print page count.
 */

export type CheckedBook = Pick<
  Book,
  'status' | 'title' | 'subtitle' | 'author' | 'identifier' | 'languageMetadata' | 'description' | 'keywords' | 'isbn'
>;

export interface ExportCheckInput {
  target: ExportTarget;
  book: CheckedBook;
  /** Characters of the manuscript's plain text (documentText), which spec §9's page estimate counts; 0 when blank. */
  characters: number;
  /** Each chapter's characters (chapterCharacters of the manuscript): what the page estimate reads. */
  chapterCharacters: number[];
  /** The cover master's pixel size; null when the book has no cover. */
  cover: { widthPx: number; heightPx: number } | null;
  /** Pages of the real print interior when the PDF renderer can count them; null: use spec §9's estimate. */
  printPageCount: number | null;
  /** Characters of the book no embedded font has (fonts/missingGlyphs); print only, empty when none. */
  missingGlyphs?: string[];
}

export interface ExportCheck {
  /** Each one stops the export. */
  blockers: string[];
  /** The blockers about KDP's page limits (also in `blockers`): a real page count may settle them. */
  pageBlockers: string[];
  warnings: string[];
  suggestions: string[];
  pageCount: number;
  printPageCount: number | null;
  spineWidthIn: number | null;
  missingMetadata: RequiredEpubMetadata[];
  missingGlyphs: string[];
}

/** KDP's limits on what is typed into its forms (its help pages "Book description", "Keywords", "Title"). */
export const kdpMetadataLimits = {
  descriptionCharacters: 4_000,
  keywords: 7,
  keywordCharacters: 50,
  titleAndSubtitleCharacters: 200,
} as const;

/** KDP's ebook cover sizes: the minimum it accepts and the size it recommends, in pixels (width × height). */
export const ebookCover = { minimum: { widthPx: 625, heightPx: 1_000 }, ideal: { widthPx: 1_600, heightPx: 2_560 } };

/** KDP's hardcover sizes, and those of them the dialog offers (spec §9's list has 5x8 and 8.5x11 too). */
const hardcoverSizesText = `${joinList(hardcoverTrimSizes.map((t) => sizeText(t.value)))} in`;
const offeredHardcoverSizesText = joinList(
  trimSizes.filter((t) => hardcoverTrimSizes.some((h) => h.value === t.value)).map((t) => sizeText(t.value)),
  'or',
);

export function checkExport(input: ExportCheckInput): ExportCheck {
  const check: ExportCheck = {
    blockers: [],
    pageBlockers: [],
    warnings: [],
    suggestions: [],
    pageCount: estimatePages(
      input.chapterCharacters,
      input.target.format === 'pdf' ? input.target.print.trimSize : undefined,
    ),
    printPageCount: null,
    spineWidthIn: null,
    missingMetadata: missingMetadata(input.book),
    missingGlyphs: [],
  };
  if (input.book.status !== 'ready') check.blockers.push(exportMessages.notReady);
  if (input.characters === 0) check.blockers.push('The book has no text to export yet.');
  checkIsbn(input.book, check);
  checkStoreMetadata(input.book, check);

  if (input.target.format === 'epub') {
    check.blockers.push(...metadataIssues(check.missingMetadata));
    checkEbookCover(input.cover, check);
  } else if (input.target.format === 'pdf') {
    checkPrint(input, input.target.print, check);
  }
  // A Word document has no store or printer rules of its own: only the checks above.
  return check;
}

/**
 * The answer of validate-export: blockers lead the warnings, and make the result invalid.
 * `openSuggestions`: those the manuscript's printed form leaves out.
 */
export function toValidation(check: ExportCheck, openSuggestions = 0): ExportValidation {
  return {
    isValid: check.blockers.length === 0,
    warnings: [...check.blockers, ...check.warnings],
    suggestions: check.suggestions,
    pageCount: check.pageCount,
    printPageCount: check.printPageCount,
    spineWidthIn: check.spineWidthIn,
    missingMetadata: check.missingMetadata,
    missingGlyphs: check.missingGlyphs,
    openSuggestions,
  };
}

/** Names each missing character with its code point, so an author can find it even where it shows as a box. */
export function missingGlyphsWarning(characters: string[]): string {
  const shown = characters.slice(0, 12).map((c) => {
    const hex = (c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
    return `${c} (U+${hex})`;
  });
  const more = characters.length > shown.length ? ` and ${characters.length - shown.length} more` : '';
  return (
    `No embedded font has ${characters.length === 1 ? 'this character' : 'these characters'}, so ` +
    `${characters.length === 1 ? 'it' : 'they'} would print as empty boxes: ${shown.join(', ')}${more}.`
  );
}

function checkPrint(input: ExportCheckInput, print: PrintOptions, check: ExportCheck): void {
  const withCover = print.exportType !== 'interior';
  // The estimate never goes below 24 pages; the minimum is checked against the text's own length.
  const textPages = estimateTextPages(input.chapterCharacters, print.trimSize);
  const pages = input.printPageCount ?? check.pageCount;
  const pagesForLimits = input.printPageCount ?? textPages;
  const pagesText = input.printPageCount === null ? `about ${pagesForLimits}` : `${pagesForLimits}`;
  check.printPageCount = input.printPageCount;
  const spineIn = round4(spineWidthIn(pages, print.paperColor));
  check.spineWidthIn = spineIn;

  if (withCover && input.cover === null) check.blockers.push(exportMessages.coverRequired);

  const missingGlyphs = input.missingGlyphs ?? [];
  check.missingGlyphs = missingGlyphs;
  if (missingGlyphs.length > 0) check.warnings.push(missingGlyphsWarning(missingGlyphs));

  if (print.isPaperback) {
    const { min, max } = pageLimits.paperback[print.paperColor];
    if (pagesForLimits < min) {
      pageBlocker(check, `A KDP paperback needs at least ${min} pages; this book fills ${pagesText}.`);
    }
    if (pagesForLimits > max) {
      pageBlocker(
        check,
        `A KDP paperback on ${print.paperColor} paper has at most ${max} pages; this book fills ${pagesText}.` +
          (print.paperColor === 'cream' ? ` White paper allows up to ${pageLimits.paperback.white.max}.` : ''),
      );
    }
  } else {
    if (!hardcoverTrimSizes.some((t) => t.value === print.trimSize)) {
      check.blockers.push(
        `KDP does not print hardcovers in ${sizeText(print.trimSize)} in. Hardcovers come only in ${hardcoverSizesText}; ` +
          `choose ${offeredHardcoverSizesText}, or a paperback.`,
      );
    }
    const { min, max } = pageLimits.hardcover;
    if (pagesForLimits < min || pagesForLimits > max) {
      pageBlocker(check, `A KDP hardcover has ${min} to ${max} pages; this book fills ${pagesText}.`);
    }
    if (withCover) {
      check.blockers.push(exportMessages.hardcoverCoverUnavailable);
    }
  }

  if (print.isPaperback && withCover && input.cover !== null) {
    checkPrintCoverResolution(input.cover, print, pages, check);
  }
  if (withCover && print.isPaperback) {
    check.suggestions.push(
      spineTextAllowed(pages)
        ? `At ${pages} pages the spine is ${round3(spineIn)} in wide: enough for the title and author on the spine.`
        : `KDP allows text on the spine only from ${spineText.minimumPages} pages; at ${pages} pages the spine stays blank.`,
    );
  }
  if (print.bleed && print.exportType !== 'cover') {
    check.suggestions.push(
      'Bleed is only needed when images or colour run to the page edge; a text interior prints the same without it.',
    );
  }
  if (input.book.author === null || input.book.author.trim() === '') {
    check.warnings.push('No author is set: the title page and the cover will show none.');
  }
}

function pageBlocker(check: ExportCheck, message: string): void {
  check.blockers.push(message);
  check.pageBlockers.push(message);
}

function checkPrintCoverResolution(
  cover: { widthPx: number; heightPx: number },
  print: PrintOptions,
  pages: number,
  check: ExportCheck,
): void {
  // The cover PDF scales the image to cover the front panel (trim plus bleed), cropping the other axis.
  const dpi = Math.floor(coverEffectiveDpi(cover.widthPx, cover.heightPx, print, pages));
  if (dpi >= minimumImageDpi) return;
  const panel = frontPanelIn(print.trimSize);
  const neededWidth = Math.ceil(panel.widthIn * minimumImageDpi);
  const neededHeight = Math.ceil(panel.heightIn * minimumImageDpi);
  check.warnings.push(
    `The cover image is ${cover.widthPx} × ${cover.heightPx} px: about ${dpi} DPI on the ` +
      `${round3(panel.widthIn)} × ${round3(panel.heightIn)} in front cover. KDP asks for ${minimumImageDpi} DPI ` +
      `(${neededWidth} × ${neededHeight} px), or the cover prints blurred.`,
  );
}

function checkEbookCover(cover: { widthPx: number; heightPx: number } | null, check: ExportCheck): void {
  const { minimum, ideal } = ebookCover;
  if (cover === null) {
    check.suggestions.push(
      `Add a cover: stores show it everywhere, and KDP asks for one (${ideal.widthPx} × ${ideal.heightPx} px is ideal).`,
    );
  } else if (cover.widthPx < minimum.widthPx || cover.heightPx < minimum.heightPx) {
    check.warnings.push(
      `The cover image is ${cover.widthPx} × ${cover.heightPx} px; KDP needs at least ${minimum.widthPx} × ${minimum.heightPx} px for an ebook cover.`,
    );
  } else if (cover.widthPx < ideal.widthPx || cover.heightPx < ideal.heightPx) {
    check.suggestions.push(
      `The cover image is ${cover.widthPx} × ${cover.heightPx} px; ${ideal.widthPx} × ${ideal.heightPx} px looks sharpest on today’s screens.`,
    );
  }
}

function checkIsbn(book: CheckedBook, check: ExportCheck): void {
  if (book.isbn !== null && book.isbn.trim() !== '') {
    const digits = isbnDigits(book.isbn);
    if (digits === null || !isValidIsbn(digits)) {
      check.blockers.push(
        `The ISBN ${book.isbn.trim()} is not valid: it needs 10 or 13 digits (978 or 979 first) with a correct check digit. Correct it or remove it.`,
      );
    }
  }
  const identifierDigits = book.identifier ? isbnDigits(book.identifier.replace(/^(?:urn:)?isbn:?/i, '')) : null;
  if (identifierDigits !== null && !isValidIsbn(identifierDigits)) {
    check.warnings.push(
      `The identifier ${book.identifier?.trim()} looks like an ISBN but its check digit is wrong; stores will not accept it as an ISBN.`,
    );
  }
}

function checkStoreMetadata(book: CheckedBook, check: ExportCheck): void {
  const limits = kdpMetadataLimits;
  // What a reader sees counts, never the rich text's tags.
  const length = descriptionLength(book.description ?? '');
  if (length === 0) {
    check.suggestions.push('Add a description: stores show it on the book’s page.');
  } else if (length > limits.descriptionCharacters) {
    check.warnings.push(
      `The description has ${length.toLocaleString('en')} characters; KDP accepts at most ${limits.descriptionCharacters.toLocaleString('en')}.`,
    );
  }
  const titleLength = book.title.trim().length + (book.subtitle?.trim().length ?? 0);
  if (titleLength >= limits.titleAndSubtitleCharacters) {
    check.warnings.push(
      `Title and subtitle together have ${titleLength} characters; KDP needs fewer than ${limits.titleAndSubtitleCharacters}.`,
    );
  }
  const keywords = book.keywords.map((k) => k.trim()).filter(Boolean);
  if (keywords.length === 0) {
    check.suggestions.push(`Add keywords (up to ${limits.keywords}): they help readers find the book.`);
  } else if (keywords.length > limits.keywords) {
    check.suggestions.push(
      `KDP takes ${limits.keywords} keywords; the book has ${keywords.length}, so choose the ${limits.keywords} that matter most.`,
    );
  }
  const long = keywords.filter((k) => k.length > limits.keywordCharacters);
  if (long.length > 0) {
    check.warnings.push(
      `KDP keywords have at most ${limits.keywordCharacters} characters; too long: ${long.map((k) => `"${k}"`).join(', ')}.`,
    );
  }
}

/** "5.5x8.5" as the dialog says it: "5.5 x 8.5". */
function sizeText(value: string): string {
  return value.replace('x', ' x ');
}

function joinList(items: string[], last = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${last} ${items[items.length - 1]}`;
}

const round3 = (value: number): number => Math.round(value * 1_000) / 1_000;
const round4 = (value: number): number => Math.round(value * 10_000) / 10_000;
