import { bookTypeOf, metadataLanguageFor, type BookLanguage, type Genre } from '@bookwright/contracts/http';
import type { Insertable } from 'kysely';
import type { BooksTable } from '../db/schema';
import { moveBook } from './book-status';

/** Over this many words an imported book counts as a long one (the writer's "short" is about 25,000). */
const longBookWords = 40_000;

/**
 * The row of a book made from an imported manuscript: ready at once, with no plan and no allowance held
 * (an import uses no AI and does not count against the month's books); the author, rights and metadata
 * language prefilled from the manuscript's front matter.
 */
export function importedBookRow(input: {
  id: string;
  userId: string;
  idempotencyKey: string;
  title: string;
  language: BookLanguage;
  genre: Genre;
  author?: string | undefined;
  rights?: string | undefined;
  words: number;
  fileName: string;
}): Insertable<BooksTable> {
  return {
    id: input.id,
    user_id: input.userId,
    idempotency_key: input.idempotencyKey,
    allowance_key: null,
    status: moveBook('import', 'importManuscript'),
    title: input.title,
    subtitle: null,
    genre: input.genre,
    book_type: bookTypeOf(input.genre),
    language: input.language,
    target_audience: '',
    size: input.words > longBookWords ? 'long' : 'short',
    prompt: `Imported from ${input.fileName}`.slice(0, 5_000),
    book_state: JSON.stringify(null),
    cover_image: null,
    failure: JSON.stringify(null),
    author: input.author ?? null,
    identifier: null,
    language_metadata: metadataLanguageFor(input.language),
    genre_metadata: null,
    publisher: null,
    description: null,
    keywords: JSON.stringify([]),
    rights: input.rights ?? null,
    publication_date: null,
    isbn: null,
  };
}
