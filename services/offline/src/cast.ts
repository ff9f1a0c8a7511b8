import type { BookLanguage, Genre } from '@bookwright/contracts/http';
import { bankFor, type LanguageBank } from './banks';
import { Random, hashString } from './random';

/**
 * The seeded cast of a book. It depends only on what a chapter-part task also knows (title, language, genre,
 * audience), so the offline writer can name the same people the offline plan created.
 */
export function castFor(
  book: { title: string; language: BookLanguage; genre: Genre; targetAudience: string },
  bank: LanguageBank = bankFor(book.language),
): string[] {
  const random = new Random(
    hashString(['cast', book.title, book.language, book.genre, book.targetAudience].join('\u0000')),
  );
  const count = random.int(4, Math.min(8, bank.names.length));
  return random.sample(bank.names, count);
}
