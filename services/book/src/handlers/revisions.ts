import {
  AppError,
  apiMessages,
  events,
  isFictionState,
  revisionMessages,
  revisionPolicy,
  TiptapDocumentSchema,
  type requests,
} from '@bookwright/contracts';
import { enqueueEvent } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { BookDatabase } from '../db/schema';
import { presentBook } from '../domain/present-book';
import { contentHash, keepAllSince, wordCountOf } from '../domain/revision-policy';
import { assertEditable } from '../domain/book-status';
import { booksRepository } from '../repositories/books.repository';
import { revisionsRepository } from '../repositories/revisions.repository';
import { requirePlan } from './allowance';
import type { BookHandlerDeps } from './deps';
import { changeOwnedBook } from './owned-book';

type Request<K extends keyof typeof requests.book> = z.output<(typeof requests.book)[K]['request']>;

/**
 * Keeps a snapshot of the manuscript just saved, in the caller's transaction, unless it is the same text
 * as the newest snapshot; then applies the retention policy (docs/architecture.md, "Revision history").
 */
export async function recordRevision(
  trx: Kysely<BookDatabase>,
  deps: Pick<BookHandlerDeps, 'newId'>,
  bookId: string,
  content: string,
  now = new Date(),
  /** Known when the text is a snapshot already (a restore): saves parsing a whole book again. */
  knownWordCount?: number,
): Promise<void> {
  const hash = contentHash(content);
  if ((await revisionsRepository.latestHash(trx, bookId)) === hash) return;
  const wordCount = knownWordCount ?? wordCountOf(TiptapDocumentSchema.parse(JSON.parse(content)));
  await revisionsRepository.insert(trx, { id: deps.newId(), bookId, content, hash, wordCount, createdAt: now });
  await revisionsRepository.prune(trx, bookId, keepAllSince(now), revisionPolicy.maxPerBook);
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
    return {
      revisions: rows.map((r) => ({ id: r.id, createdAt: r.created_at.toISOString(), wordCount: r.word_count })),
    };
  };
}

export function getRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: Request<'getRevision'>) => {
    await requireOwned(deps, userId, bookId);
    const row = await revisionsRepository.find(deps.db, bookId, revisionId);
    if (!row) throw new AppError(404, revisionMessages.notFound);
    return { id: row.id, createdAt: row.created_at.toISOString(), wordCount: row.word_count, bookContent: row.content };
  };
}

export function restoreRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: Request<'restoreRevision'>) =>
    changeOwnedBook(deps, { userId, bookId }, async (trx, book) => {
      assertEditable(book.status, 'manuscript');
      const revision = await revisionsRepository.find(trx, bookId, revisionId);
      if (!revision) throw new AppError(404, revisionMessages.notFound);
      const updated = await booksRepository.update(trx, book.id, { book_content: revision.content });
      await recordRevision(trx, deps, book.id, revision.content, new Date(), revision.word_count);
      await enqueueEvent(trx, events.bookUpdated, {
        bookId: book.id,
        userId: book.user_id,
        fields: ['bookContent'],
        status: updated.status,
      });
      return presentBook(updated);
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
