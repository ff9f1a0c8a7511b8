import {
  effectiveMetadataLanguage,
  UpdateMetadataRequestSchema,
  type Book,
  type UpdateMetadataRequest,
  type User,
} from '@bookwright/contracts/http';
import { randomUuid } from '../../../lib/uuid';
import { fullName } from '../../shell/UserBadge';

/**
 * What the author has typed into the metadata fields and not saved yet. The editor holds one per book, so
 * the side panel's form and the export dialog's completion step edit the same values, and a refused or
 * partial save never drops what was typed elsewhere.
 */
export interface MetadataDraft {
  title: string;
  author: string;
  identifier: string;
  languageMetadata: string;
  genreMetadata: string;
  publisher: string;
  description: string;
  keywords: readonly string[];
  rights: string;
  publicationDate: string;
}
export type DraftField = keyof MetadataDraft;

/**
 * The author a book's details start with (issue 47): the saved one, else the name of the account the book
 * belongs to, since Author is required and the writer is nearly always the account holder. A shared book
 * names its owner (`ownerName`), not the collaborator who opens it. Nothing is saved until the author saves.
 */
export function startingAuthor(
  book: Pick<Book, 'author' | 'ownerName'>,
  user: Pick<User, 'firstName' | 'lastName'> | undefined,
): string {
  if (book.author?.trim()) return book.author;
  if (book.ownerName !== undefined) return book.ownerName.trim();
  return user ? fullName(user) : '';
}

/** The book's saved details as a draft; `author` overrides an empty saved author (see startingAuthor). */
export const metadataDraftOf = (book: Book, author?: string): MetadataDraft => ({
  title: book.title,
  author: book.author?.trim() ? book.author : (author ?? book.author ?? ''),
  identifier: book.identifier ?? '',
  // Books stored before the default existed have none: they declare the language they are written in.
  languageMetadata: effectiveMetadataLanguage(book),
  genreMetadata: book.genreMetadata,
  publisher: book.publisher ?? '',
  description: book.description ?? '',
  keywords: book.keywords,
  rights: book.rights ?? '',
  publicationDate: book.publicationDate ?? '',
});

/**
 * The draft checked as PATCH /book/metadata would check it: the request, or every refusal by field (each
 * form shows its message next to its field). isbn and subtitle are not edited here and go back unchanged.
 */
export function checkMetadataDraft(
  draft: MetadataDraft,
  book: Book,
): { ok: true; request: UpdateMetadataRequest } | { ok: false; errors: Partial<Record<DraftField, string>> } {
  const parsed = UpdateMetadataRequestSchema.safeParse({
    ...draft,
    keywords: [...draft.keywords],
    publicationDate: draft.publicationDate || null,
    isbn: book.isbn,
    subtitle: book.subtitle,
  });
  if (parsed.success) return { ok: true, request: parsed.data };
  const errors: Partial<Record<DraftField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DraftField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A fresh `urn:uuid:` identifier (version 4). */
export const newIdentifier = (): string => `urn:uuid:${randomUuid()}`;
