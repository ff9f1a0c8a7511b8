import type { CollabHandlerDeps, EventPayload } from './deps';
import { closeBook } from '../access/book-gone';

export const onBookDeleted =
  (deps: CollabHandlerDeps) =>
  async ({ bookId }: EventPayload<'bookDeleted'>) =>
    closeBook(deps, bookId, 'deleted');
