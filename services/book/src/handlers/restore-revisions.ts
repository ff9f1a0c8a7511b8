import { AppError, revisionMessages, type TiptapDocument } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentBook } from '../domain/present-book';
import { holdsManuscript, storedManuscript } from '../domain/stored-manuscript';
import { booksRepository } from '../repositories/books.repository';
import { revisionsRepository } from '../repositories/revisions.repository';
import type { BookHandlerDeps } from './deps';
import { keepStoredManuscript } from '../domain/revision-snapshots';
import { announceManuscriptChange, changeLockedManuscript } from '../domain/manuscript-save';

/**
 * The manuscript it replaces is kept first, whatever the throttle, so a restore can be undone. That text
 * never comes to the service: the book is locked as a save locks it (the chapters' hashes, not their
 * text), the snapshot is copied by the database from the chapter rows (`keepStoredManuscript`), and only
 * the chapters whose text differs from the revision's are written.
 */
export function restoreRevision(deps: BookHandlerDeps) {
  return async ({ userId, bookId, revisionId }: z.output<(typeof requests.book.restoreRevision)['request']>) =>
    changeLockedManuscript(deps, { userId, bookId, action: 'edit' }, async (trx, locked, book, storedHashes, role) => {
      const revision = await revisionsRepository.find(trx, bookId, revisionId);
      if (!revision) throw new AppError(404, revisionMessages.notFound);
      // The revision's text is a stored manuscript (a snapshot of one, or a save's checked text).
      const manuscript = storedManuscript(JSON.parse(revision.content) as TiptapDocument);
      const unchanged = holdsManuscript(storedHashes, manuscript);
      let stored = book;
      if (!unchanged) {
        const { newest_revision_hash: hash, newest_revision_at: at } = locked;
        const newest = hash === null || at === null ? null : { hash, createdAt: new Date(at) };
        await keepStoredManuscript(trx, deps, book.id, 'before-restore', { newest });
        stored = await booksRepository.writeManuscript(trx, book, manuscript, {
          storedHashes,
          announce: announceManuscriptChange(trx, deps, book),
        });
      }
      const row = await booksRepository.findRow(trx, book.id);
      if (!row) throw new Error(`book ${book.id} is gone under its row lock`);
      return presentBook({ ...row, ...stored, book_content: manuscript.content }, role);
    });
}
