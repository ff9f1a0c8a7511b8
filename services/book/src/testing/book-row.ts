import type { Insertable } from 'kysely';
import type { BooksTable } from '../db/schema';

/**
 * A books row for tests and benches that insert straight into the table: a short English mystery of user
 * `u1` in planning, with no plan, manuscript or metadata, and whatever the caller overrides. The one place
 * that spells out every column, so a migration that adds one changes one file.
 */
export function bookRow(overrides: Partial<Insertable<BooksTable>> & { id: string }): Insertable<BooksTable> {
  return {
    user_id: 'u1',
    idempotency_key: `k-${overrides.id}`,
    status: 'planning',
    title: 'T',
    subtitle: null,
    genre: 'mystery',
    book_type: 'fiction',
    language: 'english',
    target_audience: 'Adults',
    size: 'short',
    prompt: 'p',
    book_state: JSON.stringify(null),
    book_content: null,
    cover_image: null,
    author: null,
    identifier: null,
    language_metadata: null,
    genre_metadata: null,
    publisher: null,
    description: null,
    keywords: JSON.stringify([]),
    rights: null,
    publication_date: null,
    isbn: null,
    failure: JSON.stringify(null),
    ...overrides,
  };
}
