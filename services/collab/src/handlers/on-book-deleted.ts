import { closeBook } from './book-gone';
import type { EventPayload } from './event-payload';
import type { CollabHandlerDeps } from './deps';

export const onBookDeleted =
  (deps: CollabHandlerDeps) =>
  async ({ bookId }: EventPayload<'bookDeleted'>) =>
    closeBook(deps, bookId, 'deleted');
