import { bookEtag, type Book, type BookRole, type BookSummary } from '@bookwright/contracts/http';
import type { BookRow } from '../db/schema';
import type { BookSummaryRow } from '../repositories/books.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A book as the library lists it, for a person with `role` on it. */
export function presentSummary(row: BookSummaryRow, role: BookRole): BookSummary {
  return {
    _id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    status: row.status,
    genre: row.genre as BookSummary['genre'],
    bookType: row.book_type,
    language: row.language as BookSummary['language'],
    targetAudience: row.target_audience,
    size: row.size,
    coverImage: row.cover_image,
    author: row.author,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    failure: row.status === 'failed' ? row.failure : null,
    progress:
      row.status === 'writing' || row.status === 'translating' || row.chapters_total > 0
        ? { chaptersWritten: row.chapters_written, chaptersTotal: row.chapters_total }
        : null,
    translation: row.translation ?? null,
    role,
    ...(row.workspace_id === null ? {} : { workspaceId: row.workspace_id }),
  };
}

/** A book whole, for a person with `role` on it. */
export function presentBook(row: BookRow, role: BookRole): Book {
  return {
    ...presentSummary(row, role),
    prompt: row.prompt,
    bookState: row.book_state,
    identifier: row.identifier,
    languageMetadata: row.language_metadata as Book['languageMetadata'],
    // Spec §3: genreMetadata falls back to genre when absent.
    genreMetadata: row.genre_metadata ?? row.genre,
    publisher: row.publisher,
    description: row.description,
    keywords: row.keywords,
    rights: row.rights,
    publicationDate: row.publication_date,
    isbn: row.isbn,
    bookContent: row.book_content,
    etag: bookEtag(row.version),
  };
}
