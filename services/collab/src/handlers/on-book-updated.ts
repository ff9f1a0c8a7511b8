import type { CollabHandlerDeps, EventPayload } from './deps';
import type { EventMeta } from '@bookwright/kit';
import { applyManuscriptWritten } from '../outside-writes/manuscript-written';

/**
 * book.updated naming `bookContent` (a save from the editor or an API client, a restore, a live document's
 * own save): the manuscript may have moved outside the live document. Other fields leave it alone.
 */
export const onBookUpdated =
  (deps: CollabHandlerDeps) => async (data: EventPayload<'bookUpdated'>, meta: EventMeta) => {
    if (!data.fields.includes('bookContent')) return;
    await applyManuscriptWritten(deps, data.bookId, meta);
  };
