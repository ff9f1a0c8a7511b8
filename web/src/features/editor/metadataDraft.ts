import {
  effectiveMetadataLanguage,
  UpdateMetadataRequestSchema,
  type Book,
  type UpdateMetadataRequest,
} from '@bookwright/contracts';
import { randomUuid } from '../../lib/uuid';

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

export const metadataDraftOf = (book: Book): MetadataDraft => ({
  title: book.title,
  author: book.author ?? '',
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
