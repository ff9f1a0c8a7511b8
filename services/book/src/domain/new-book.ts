import { bookTypeOf, type PlanRequest } from '@bookwright/contracts/http';
import { type PlanningBrief } from '@bookwright/contracts/events';
import type { Insertable } from 'kysely';
import type { BooksTable } from '../db/schema';
import { moveBook } from './book-status';
import { initialMetadataLanguage } from './initial-metadata';

/**
 * The publishing metadata a new book starts with: the language the book is written in, the rest for the
 * author to fill in on the metadata screen.
 */
export function initialMetadata(
  plan: PlanRequest,
): Pick<
  Insertable<BooksTable>,
  | 'author'
  | 'identifier'
  | 'language_metadata'
  | 'genre_metadata'
  | 'publisher'
  | 'description'
  | 'keywords'
  | 'rights'
  | 'publication_date'
  | 'isbn'
> {
  return {
    author: null,
    identifier: null,
    language_metadata: initialMetadataLanguage(plan.language),
    genre_metadata: null,
    publisher: null,
    description: null,
    keywords: JSON.stringify([]),
    rights: null,
    publication_date: null,
    isbn: null,
  };
}

/** The row of a book just created from a plan request, holding the allowance reserved for it. */
export function newBookRow(input: {
  id: string;
  userId: string;
  plan: PlanRequest;
  idempotencyKey: string;
  allowanceKey: string;
}): Insertable<BooksTable> {
  const { plan } = input;
  return {
    id: input.id,
    user_id: input.userId,
    idempotency_key: input.idempotencyKey,
    allowance_key: input.allowanceKey,
    status: moveBook('new', 'create'),
    title: plan.title,
    subtitle: null,
    genre: plan.genre,
    book_type: bookTypeOf(plan.genre),
    language: plan.language,
    target_audience: plan.targetAudience,
    size: plan.size,
    prompt: plan.prompt,
    book_state: JSON.stringify(null),
    cover_image: null,
    failure: JSON.stringify(null),
    ...initialMetadata(plan),
  };
}

/** What the planner plans from, as the book stores it. */
export function planningBrief(row: {
  prompt: string;
  title: string;
  language: string;
  target_audience: string;
  genre: string;
  size: 'short' | 'long';
}): PlanningBrief {
  return {
    prompt: row.prompt,
    title: row.title,
    language: row.language as PlanningBrief['language'],
    targetAudience: row.target_audience,
    genre: row.genre as PlanningBrief['genre'],
    size: row.size,
  };
}
