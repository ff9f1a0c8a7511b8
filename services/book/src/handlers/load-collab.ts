import { AppError, apiMessages, type TiptapDocument } from '@bookwright/contracts/http';
import {
  collabMessages,
  type CollabLoad,
  type CollabLoadRequest,
  type ManuscriptVersion,
} from '@bookwright/contracts/bus';
import { collabStatesRepository } from '../repositories/collab-states.repository';
import { manuscriptVersionOf } from '../domain/manuscript-version';
import { chapterHashesOf } from '../domain/stored-manuscript';
import type { BookHandlerDeps } from './deps';

/**
 * book.collab.load: what a live document opens with (decision 0043): the manuscript with its version, and
 * the Yjs state stored beside it only if that was taken at the same version. A state of another version
 * stands for a text the chapters no longer hold (they were written without it: a restore, the writer, an
 * API client's save), so it is left out and the collab service builds the document from the manuscript.
 * An open asks for the text only without a state (`documentWithState: false`): the document is filled
 * from the state, and the text of a long book is as large again.
 */
export function loadCollab(deps: BookHandlerDeps) {
  return async ({ bookId, documentWithState = true, held }: CollabLoadRequest): Promise<CollabLoad> => {
    if (!documentWithState || held) {
      // Most opens of a book opened live before: the state stands, and the text (as large again) is not
      // read, carried over the bus and checked only to be left unused. When the collab service still holds
      // the state of the book's last session and it is the one stored, not even the state is read (a reload,
      // an open of a book just closed). If nothing stands, the whole read again, in one statement as below,
      // so that the version and the text are of one moment.
      const row = await collabStatesRepository
        .readForLoadWithoutText(deps.db, bookId, held?.stateStamp)
        .executeTakeFirst();
      const version = row && row.deleted_at === null ? standingVersion(row) : null;
      if (row && version !== null && held?.stateVersion === version && row.state_stamp === held.stateStamp)
        return {
          bookId,
          manuscriptVersion: version,
          document: null,
          state: null,
          stateVersion: version,
          stateBuilt: row.built === true,
          stateStamp: row.state_stamp,
          stateHeld: true,
        };
      if (row && version !== null && row.state !== null && !documentWithState)
        return {
          bookId,
          manuscriptVersion: version,
          document: null,
          state: row.state,
          stateVersion: version,
          stateBuilt: row.built === true,
          stateStamp: row.state_stamp,
        };
    }
    const row = await collabStatesRepository.readForLoad(deps.db, bookId);
    if (!row || row.deleted_at !== null) throw new AppError(404, apiMessages.notFound);
    const hashes = chapterHashesOf(row.chapter_hashes, row.manuscript_chapters);
    if (hashes === null || row.book_content === null) throw new AppError(409, collabMessages.noManuscript);
    const manuscriptVersion = manuscriptVersionOf(hashes);
    const state = row.state !== null && row.manuscript_version === manuscriptVersion ? row.state : null;
    return {
      bookId,
      manuscriptVersion,
      document: JSON.parse(row.book_content) as TiptapDocument,
      state,
      stateVersion: state === null ? null : manuscriptVersion,
      stateBuilt: state !== null && row.built === true,
      stateStamp: state === null ? null : row.state_stamp,
    };
  };
}

/** The version the chapters stand at, when the stored state was taken at it. */
function standingVersion(row: {
  chapter_hashes: string | null;
  manuscript_chapters: number | null;
  manuscript_version: string | null;
}): ManuscriptVersion | null {
  const hashes = chapterHashesOf(row.chapter_hashes, row.manuscript_chapters);
  if (hashes === null) return null;
  const version = manuscriptVersionOf(hashes);
  return row.manuscript_version === version ? version : null;
}
