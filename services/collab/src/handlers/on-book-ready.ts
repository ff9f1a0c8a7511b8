import type { EventMeta } from '@bookwright/kit';
import type { CollabHandlerDeps } from './deps';
import type { EventPayload } from './event-payload';
import { applyManuscriptWritten } from './manuscript-written';

/** book.ready: the writer stored the manuscript, which an open live document has not seen. */
export const onBookReady = (deps: CollabHandlerDeps) => async (data: EventPayload<'bookReady'>, meta: EventMeta) => {
  await applyManuscriptWritten(deps, data.bookId, meta);
};
