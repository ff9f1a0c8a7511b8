import type { ExportBook } from '../export-book';

/** One line of a copyright page, or a blank line between its groups. */
export type CopyrightLine = { text: string; italics?: boolean } | { gap: true };

/**
 * The copyright page of a printed book, as lines: the print interior sets them in pdfmake and the Word
 * export's Book layout in Word, so both say the same. The author's Rights are printed once, as written; the
 * "© year author" notice and "All rights reserved." are generated only when Rights is empty (issue 46).
 */
export function copyrightLines(
  book: Pick<
    ExportBook,
    'title' | 'subtitle' | 'author' | 'rights' | 'isbn' | 'identifier' | 'publisher' | 'publicationDate'
  >,
  texts: { allRightsReserved: string; publicationDate: (date: string) => string },
): CopyrightLine[] {
  const year = /^(\d{4})/.exec(book.publicationDate ?? '')?.[1] ?? String(new Date().getUTCFullYear());
  const rights = book.rights?.trim();
  return [
    { text: book.subtitle ? `${book.title}: ${book.subtitle}` : book.title, italics: true },
    ...(rights
      ? [{ text: rights }]
      : [...(book.author ? [{ text: `© ${year} ${book.author}` }] : []), { text: texts.allRightsReserved }]),
    { gap: true },
    ...(book.isbn ? [{ text: `ISBN ${book.isbn}` }] : []),
    ...(book.identifier && book.identifier !== book.isbn ? [{ text: book.identifier }] : []),
    ...(book.publisher ? [{ text: book.publisher }] : []),
    ...(book.publicationDate ? [{ text: texts.publicationDate(book.publicationDate) }] : []),
    { gap: true },
    { text: 'Produced with Bookwright', italics: true },
  ];
}
