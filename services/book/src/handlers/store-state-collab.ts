import type { CollabStateStore, CollabStateStored } from '@bookwright/contracts/bus';
import { collabStatesRepository } from '../repositories/collab-states.repository';
import { manuscriptVersionOf } from '../domain/manuscript-version';
import { chapterHashesOf } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';

/**
 * book.collab.store-state: the Yjs state a live document was built with from the chapters (decision 0043),
 * stored beside them so that the next open applies it instead of building the document again. It changes no
 * text: no chapter, version, ETag, revision or book.updated moves. It is stored only while the chapters
 * still stand at the version it was built from, and never over a state already stored at that version (a
 * live save's, which may carry more history of the same text); otherwise it is dropped (`stored: false`),
 * which costs the next open a build and nothing else. A book that is gone or trashed is not an error here:
 * the state is simply not kept.
 */
export function storeCollabState(deps: BookHandlerDeps) {
  return async ({ bookId, manuscriptVersion, state }: CollabStateStore): Promise<CollabStateStored> => {
    const stored: string | null = await deps.db.transaction().execute(async (trx) => {
      const row = await collabStatesRepository.readForStateStore(trx, bookId);
      if (!row || row.deleted_at !== null) return null;
      const hashes = chapterHashesOf(row.chapter_hashes, row.manuscript_chapters);
      if (hashes === null || manuscriptVersionOf(hashes) !== manuscriptVersion) return null;
      if (row.manuscript_version === manuscriptVersion) return null;
      return collabStatesRepository.store(trx, bookId, state, manuscriptVersion, true);
    });
    deps.logger.debug(
      { bookId, stored: stored !== null, stateBytes: Math.floor((state.length * 3) / 4) },
      stored !== null
        ? 'live document state stored after its build'
        : 'live document state not stored: the text moved, or a state of that version is kept',
    );
    return stored === null ? { stored: false } : { stored: true, stateStamp: stored };
  };
}
