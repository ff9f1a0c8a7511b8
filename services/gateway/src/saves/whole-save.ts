import type { FastifyRequest } from 'fastify';
import { AppError, requests, type SaveAnswer } from '@bookwright/contracts';
import type { Ask } from '../routes/route-deps';
import { ForwardedManuscripts, sentChapters } from './forwarded-manuscripts';

export interface WholeSave {
  userId: string;
  bookId: string;
  bookContent: string;
  ifMatch: string[] | undefined;
  answer: SaveAnswer;
}

/**
 * `PATCH /book/content/{id}` with the whole manuscript, as this replica forwards it: the partial save of
 * the chapters that changed when it forwarded the version `If-Match` names (ForwardedManuscripts,
 * decision 0040), else whole. Whatever the partial save refuses (a stale tag, a node the editor cannot
 * make) stored nothing and goes again whole, so the answer is always the whole save's own.
 */
export function wholeSaveForwarder(ask: Ask) {
  const forwarded = new ForwardedManuscripts();
  return async function saveWhole(request: FastifyRequest, save: WholeSave) {
    const { userId, bookId, ifMatch } = save;
    // Only a conditional save can go as a partial one, and only an answered one leaves something to compare.
    const sent = ifMatch === undefined ? undefined : sentChapters(save.bookContent);
    if (sent && ifMatch) {
      const delta = forwarded.changedSince(userId, bookId, ifMatch, sent);
      if (delta) {
        try {
          const saved = await ask(request, requests.book.updateChapters, {
            userId,
            bookId,
            chapters: delta.chapters,
            ifMatch: [delta.etag],
            answer: save.answer,
          });
          forwarded.remember(userId, bookId, saved.etag, sent);
          return saved;
        } catch (error) {
          // A refusal stored nothing; anything else (a timeout) may have stored the chapters: say so as it is.
          if (!(error instanceof AppError) || error.status >= 500) {
            forwarded.forget(userId, bookId);
            throw error;
          }
        }
      }
    }
    forwarded.forget(userId, bookId);
    const saved = await ask(request, requests.book.updateContent, save);
    if (sent) forwarded.remember(userId, bookId, saved.etag, sent);
    return saved;
  };
}
