import { revisionPolicy, type TiptapDocument } from '@bookwright/contracts/http';
import type { Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { contentHash, shouldKeep, throttled, wordCountOf, type RevisionKind } from './revision-policy';
import { revisionsRepository } from '../repositories/revisions.repository';
import { nowOf, type BookHandlerDeps } from '../handlers/deps';

/**
 * Keeps `text` as a snapshot of the book, in the caller's transaction, when the revision policy says so
 * (domain/revision-policy.ts: the ten-minute throttle of edits, nothing twice in a row); the history is
 * thinned shortly after, outside the transaction (revision-retention.ts). Answers the stored revision, or nothing when none was kept. The caller holds the book's row
 * lock, so two saves cannot both pass the throttle. `text` may be a read of it, made only when the
 * throttle lets a snapshot through (an autosave does not read the manuscript it replaces otherwise).
 */
export async function keepRevision(
  trx: Kysely<BookDatabase>,
  deps: Pick<BookHandlerDeps, 'newId' | 'now' | 'retention'>,
  bookId: string,
  text: string | (() => Promise<string>),
  kind: RevisionKind,
  options: {
    name?: string | null;
    wordCount?: number;
    /** The book's newest revision when the caller read it with the row (null: none); else it is read here. */
    newest?: { hash: string; createdAt: Date } | null;
  } = {},
) {
  const now = nowOf(deps);
  const newest = options.newest === undefined ? await revisionsRepository.newest(trx, bookId) : options.newest;
  if (typeof text !== 'string' && throttled(kind, newest ?? undefined, now)) return undefined;
  const content = typeof text === 'string' ? text : await text();
  let hash: string | undefined;
  const hashOf = () => (hash ??= contentHash(content));
  if (!shouldKeep(kind, hashOf, newest ?? undefined, now)) return undefined;
  // The text is the book's stored manuscript (or the one about to be stored), checked when it came in: a
  // second check of a long book here cost more than the snapshot's own statements.
  const wordCount = options.wordCount ?? wordCountOf(JSON.parse(content) as TiptapDocument);
  const name = nameOf(kind, options.name);
  const row = await revisionsRepository.insert(trx, {
    id: deps.newId(),
    bookId,
    content,
    hash: hashOf(),
    wordCount,
    kind,
    name,
    createdAt: now,
  });
  deps.retention.due(bookId);
  return row;
}

const nameOf = (kind: RevisionKind, name: string | null | undefined) =>
  kind === 'as-written' ? revisionPolicy.asWrittenName : (name ?? null);

/**
 * The same for the book's stored manuscript, for a change about to replace it (a restore): its text is
 * copied by the database from the chapter rows, and only its hash and word count come to the service
 * (half a megabyte for a long book is otherwise read, parsed and counted here, and sent back). Answers
 * whether a snapshot was kept; none when the book has no manuscript.
 */
export async function keepStoredManuscript(
  trx: Kysely<BookDatabase>,
  deps: Pick<BookHandlerDeps, 'newId' | 'now' | 'retention'>,
  bookId: string,
  kind: Exclude<RevisionKind, 'named'>,
  options: { newest?: { hash: string; createdAt: Date } | null } = {},
): Promise<boolean> {
  const now = nowOf(deps);
  const newest =
    (options.newest === undefined ? await revisionsRepository.newest(trx, bookId) : options.newest) ?? undefined;
  if (throttled(kind, newest, now)) return false;
  const digest = await revisionsRepository.storedManuscriptDigest(trx, bookId);
  if (!digest || !shouldKeep(kind, () => digest.hash, newest, now)) return false;
  const kept = await revisionsRepository.insertStoredManuscript(trx, {
    id: deps.newId(),
    bookId,
    hash: digest.hash,
    wordCount: digest.wordCount,
    kind,
    name: nameOf(kind, null),
    createdAt: now,
  });
  if (kept) deps.retention.due(bookId);
  return kept;
}
