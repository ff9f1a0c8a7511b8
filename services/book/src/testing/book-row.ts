import type { NewBook } from '../repositories/books.repository';
import { newBookRow } from '../domain/new-book';

/**
 * A books row for tests and benches that insert straight into the table: a short English mystery of user
 * `u1` in planning, with no plan, manuscript or metadata, and whatever the caller overrides. It is the row
 * the service itself creates for such a plan (`newBookRow`), so a migration that adds a column changes one
 * place; without an allowance held, as for a book whose reservation is settled.
 */
export function bookRow(overrides: Partial<NewBook> & { id: string }): NewBook {
  const created = newBookRow({
    id: overrides.id,
    userId: 'u1',
    plan: { title: 'T', genre: 'mystery', language: 'english', targetAudience: 'Adults', size: 'short', prompt: 'p' },
    idempotencyKey: `k-${overrides.id}`,
    allowanceKey: '',
  });
  return { ...created, allowance_key: null, language_metadata: null, ...overrides };
}
