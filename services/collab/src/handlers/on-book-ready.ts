import type { CollabHandlerDeps, EventPayload } from './deps';
import type { EventMeta } from '@bookwright/kit';
import { applyManuscriptWritten } from '../outside-writes/manuscript-written';

/** book.ready: the writer stored the manuscript, which an open live document has not seen. */
export const onBookReady = (deps: CollabHandlerDeps) => async (data: EventPayload<'bookReady'>, meta: EventMeta) => {
  await applyManuscriptWritten(deps, data.bookId, meta);
};
