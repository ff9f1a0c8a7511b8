import { AppError, apiMessages, bookEtag } from '@bookwright/contracts/http';
import { collabMessages, type CollabSave, type CollabSaved } from '@bookwright/contracts/bus';
import { booksRepository } from '../repositories/books.repository';
import { collabStatesRepository } from '../repositories/collab-states.repository';
import { checkManuscript } from '../domain/manuscript';
import { manuscriptVersionOf } from '../domain/manuscript-version';
import { holdsManuscript } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';
import { changeLockedManuscript, storeManuscript } from '../domain/manuscript-save';

/**
 * book.collab.save: a live document stored as the book's manuscript (decision 0043), through the save
 * `PATCH /book/content/{id}` takes under the row lock (update-content.ts): the chapters whose text
 * changed are written and no other, the version moves only then, the revision policy keeps its snapshot,
 * book.updated is published. Its condition is the manuscript's version, not the book's ETag: metadata,
 * cover and status changes do not refuse it. The Yjs state is stored with the version it stands for, in
 * the same transaction; when the text is unchanged, only the state is.
 */
export function saveCollab(deps: BookHandlerDeps) {
  return async ({ bookId, ifMatch, document, state, editedBy }: CollabSave): Promise<CollabSaved> => {
    const saved = await changeLockedManuscript(deps, { bookId }, async (trx, locked, book, storedHashes) => {
      // The collab service checked the people; a book moved to the trash since is gone for them too.
      if (locked.deleted_at !== null) throw new AppError(404, apiMessages.notFound);
      if (storedHashes === null) throw new AppError(409, collabMessages.noManuscript);
      const current = manuscriptVersionOf(storedHashes);
      const manuscript = checkManuscript(document, storedHashes);
      const unchanged = holdsManuscript(storedHashes, manuscript);
      if (!unchanged && ifMatch !== current) {
        throw new AppError(412, collabMessages.stale, {
          code: 'stale_manuscript',
          extra: { manuscriptVersion: current },
        });
      }
      if (unchanged) {
        // A stale ifMatch whose document the book already holds (a retry whose answer was lost) is stored too.
        const stateStamp = await collabStatesRepository.store(trx, bookId, state, current);
        return { manuscriptVersion: current, etag: bookEtag(book.version), changedChapters: [], stateStamp };
      }
      const hashes = manuscript.chapters.map((chapter) => chapter.hash);
      const changedChapters = hashes.flatMap((hash, position) => (storedHashes[position] === hash ? [] : [position]));
      const stored = await storeManuscript(trx, deps, locked, (announce) =>
        booksRepository.writeManuscript(trx, book, manuscript, { storedHashes, announce }),
      );
      const manuscriptVersion = manuscriptVersionOf(hashes);
      const stateStamp = await collabStatesRepository.store(trx, bookId, state, manuscriptVersion);
      return { manuscriptVersion, etag: bookEtag(stored.version), changedChapters, stateStamp };
    });
    deps.logger.info(
      { bookId, editedBy, changedChapters: saved.changedChapters, stateBytes: Math.floor((state.length * 3) / 4) },
      saved.changedChapters.length > 0 ? 'live document saved' : 'live document state stored; text unchanged',
    );
    return saved;
  };
}
