import type { CollabHandlerDeps, EventPayload } from './deps';
import { closeBook } from '../access/book-gone';

export const onBookTrashed =
  (deps: CollabHandlerDeps) =>
  async ({ bookId }: EventPayload<'bookTrashed'>) =>
    closeBook(deps, bookId, 'trashed');
