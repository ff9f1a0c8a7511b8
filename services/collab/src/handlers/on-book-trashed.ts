import { closeBook } from './book-gone';
import type { EventPayload } from './event-payload';
import type { CollabHandlerDeps } from './deps';

export const onBookTrashed =
  (deps: CollabHandlerDeps) =>
  async ({ bookId }: EventPayload<'bookTrashed'>) =>
    closeBook(deps, bookId, 'trashed');
