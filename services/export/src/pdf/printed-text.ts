import { documentText, type PrintOptions } from '@bookwright/contracts/http';
import type { ExportBook } from '../export-book';
import { missingGlyphs, normalizeSpaces } from '../fonts';

/**
 * Every character the print files of `exportType` set (manuscript, title page, copyright page, running
 * heads; the cover's title, author and description) that no embedded font has, each once. The export checklist reports them instead of
 * ticking "Fonts embedded".
 */
export function printedMissingGlyphs(book: ExportBook, exportType: PrintOptions['exportType'] = 'both'): string[] {
  // The cover prints title, author and description; the interior the title pages and the manuscript.
  const cover = exportType !== 'interior' ? [book.description] : [];
  const interior =
    exportType !== 'cover' ? [book.subtitle, book.publisher, book.rights, documentText(book.document)] : [];
  const text = [book.title, book.author, ...cover, ...interior]
    .filter((part): part is string => typeof part === 'string')
    .join('\n');
  return missingGlyphs(normalizeSpaces(text));
}
