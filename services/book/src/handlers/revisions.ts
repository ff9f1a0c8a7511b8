import {
  AppError,
  apiMessages,
  events,
  isFictionState,
  revisionMessages,
  revisionPolicy,
  TiptapDocumentSchema,
  type requests,
  type Revision,
  type RevisionSummary,
} from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase } from '../db/schema';
import { presentBook } from '../domain/present-book';
import { parseManuscript } from '../domain/manuscript';
import { contentHash, retentionCutoffs, shouldKeep, wordCountOf, type RevisionKind } from '../domain/revision-policy';
import { assertEditable } from '../domain/book-status';
import { booksRepository } from '../repositories/books.repository';
import { revisionsRepository } from '../repositories/revisions.repository';
import { requirePlan } from './allowance';
import { nowOf, type BookHandlerDeps } from './deps';
import { changeOwnedBook } from './owned-book';

type Request<K extends keyof typeof requests.book> = z.output<(typeof requests.book)[K]['request']>;

type RevisionRow = { id: string; created_at: Date | string; word_count: number; name: string | null };
const presentRevision = (row: RevisionRow): RevisionSummary => ({
  id: row.id,
  createdAt: new Date(row.created_at).toISOString(),
  wordCount: row.word_count,
  name: row.name,
});

/**
 * Keeps `content` as a snapshot of the book, in the caller's transaction, when the revision policy says so
 * (domain/revision-policy.ts: the ten-minute throttle of edits, nothing twice in a row), then prunes the
 * history. Answers the stored revision, or nothing when none was kept. The caller holds the book's row
 * lock, so two saves cannot both pass the throttle.
 */
export async function keepRevision(
  trx: Kysely<BookDatabase>,
  deps: Pick<BookHandlerDeps, 'newId' | 'now'>,
  bookId: string,
  content: string,
  kind: RevisionKind,
  options: {
    name?: string | null;
    wordCount?: number;
    /** The book's newest revision when the caller read it with the row (null: none); else it is read here. */
    newest?: { hash: string; createdAt: Date } | null;
  } = {},
) {
  const now = nowOf(deps);
  let hash: string | undefined;
  const hashOf = () => (hash ??= contentHash(content));
  const newest = options.newest === undefined ? await revisionsRepository.newest(trx, bookId) : options.newest;
  if (!shouldKeep(kind, hashOf, newest ?? undefined, now)) return undefined;
  const wordCount = options.wordCount ?? wordCountOf(TiptapDocumentSchema.parse(JSON.parse(content)));
  const name = kind === 'as-written' ? revisionPolicy.asWrittenName : (options.name ?? null);
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
  await revisionsRepository.prune(trx, bookId, retentionCutoffs(now), revisionPolicy.maxPerBook);
  return row;
}

async function requireOwned(deps: BookHandlerDeps, userId: string, bookId: string) {
  const book = await booksRepository.findOwnedSummary(deps.db, userId, bookId);
  if (!book) throw new AppError(404, apiMessages.notFound);
  return book;
}

export function listRevisions(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: Request<'listRevisions'>) => {
    await requireOwned(deps, userId, bookId);
    const rows = await revisionsRepository.list(deps.db, bookId);
    return { revisions: rows.map(presentRevision) };
  };
}

export function getRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: Request<'getRevision'>) => {
    await requireOwned(deps, userId, bookId);
    const row = await revisionsRepository.find(deps.db, bookId, revisionId);
    if (!row) throw new AppError(404, revisionMessages.notFound);
    return { ...presentRevision(row), bookContent: row.content };
  };
}

/** The manuscript it replaces is kept first, whatever the throttle, so a restore can be undone. */
export function restoreRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: Request<'restoreRevision'>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      const revision = await revisionsRepository.find(trx, bookId, revisionId);
      if (!revision) throw new AppError(404, revisionMessages.notFound);
      if (book.book_content === revision.content) return presentBook(book);
      if (book.book_content !== null) await keepRevision(trx, deps, book.id, book.book_content, 'before-restore');
      const updated = await booksRepository.update(trx, book.id, { book_content: revision.content });
      await enqueueEvent(trx, events.bookUpdated, {
        bookId: book.id,
        userId: book.user_id,
        fields: ['bookContent'],
        status: updated.status,
      });
      return presentBook(updated);
    });
}

/**
 * POST /book/{id}/revisions ("Save a version"): keeps the current manuscript, or the text sent, as a
 * version that is never pruned. The manuscript itself (and so its ETag) does not change.
 */
export function saveRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, name, bookContent }: Request<'saveRevision'>): Promise<Revision> =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      const content = bookContent === undefined ? book.book_content : parseManuscript(bookContent).content;
      if (content === null) throw new AppError(409, revisionMessages.noManuscript);
      const row = await keepRevision(trx, deps, book.id, content, 'named', { name: name ?? null });
      if (!row) throw new Error('a named version is always kept');
      return { ...presentRevision(row), bookContent: row.content };
    });
}

/** Before an AI rewrite is applied, the manuscript it will change is kept, whatever the throttle. */
export function keepBeforeRewrite(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: Request<'keepBeforeRewrite'>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      if (book.book_content === null) return { kept: false };
      return { kept: (await keepRevision(trx, deps, book.id, book.book_content, 'before-rewrite')) !== undefined };
    });
}

/** The plan around a passage being rewritten: the characters and, when the editor names it, the chapter's outline. */
export function getRewriteContext(deps: BookHandlerDeps) {
  return async ({ userId, bookId, chapterTitle }: Request<'rewriteContext'>) => {
    const book = await booksRepository.findOwned(deps.db, userId, bookId);
    if (!book) throw new AppError(404, apiMessages.notFound);
    // The gateway asks this before any rewrite streams: AI rewriting is a plan feature.
    await requirePlan(deps, userId);
    const state = book.book_state;
    const wanted = chapterTitle?.trim().toLowerCase();
    let chapterOutline: string | null = null;
    let characters: { name: string; role: string }[] = [];
    if (state && isFictionState(state)) {
      characters = state.characters.map((c) => ({ name: c.name, role: c.role }));
      const chapter = state.plotOutline.acts
        .flatMap((a) => a.chapters)
        .find((c) => wanted && wanted.includes(c.title.trim().toLowerCase()));
      if (chapter) chapterOutline = [chapter.title, chapter.purpose, chapter.summary].filter(Boolean).join('\n');
    } else if (state) {
      const chapter = state.contentOutline.sections
        .flatMap((s) => s.chapters)
        .find((c) => wanted && wanted.includes(c.title.trim().toLowerCase()));
      if (chapter) chapterOutline = [chapter.title, chapter.summary, ...chapter.keyPoints].filter(Boolean).join('\n');
    }
    return { title: book.title, genre: book.genre, language: book.language, characters, chapterOutline };
  };
}
