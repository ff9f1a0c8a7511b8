import { documentText } from '@bookwright/contracts';
import type { ExportBook } from '../export-book';
import { missingGlyphs, normalizeSpaces } from '../fonts';

/**
 * Every character the print edition sets (manuscript, title page, copyright page, running heads and the
 * cover's text) that no embedded font has, each once. The export checklist reports them instead of
 * ticking "Fonts embedded".
 */
export function printedMissingGlyphs(book: ExportBook): string[] {
  const text = [
    book.title,
    book.subtitle,
    book.author,
    book.publisher,
    book.rights,
    book.description,
    documentText(book.document),
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('\n');
  return missingGlyphs(normalizeSpaces(text));
}
