import type { events } from '@bookwright/contracts/events';
import type { z } from 'zod';
import { commentMailsRepository } from '../repositories/comment-mails.repository';
import type { UserHandlerDeps } from './deps';

/** A book deleted for good: the user service forgets when it last mailed anyone about its comments. */
export function onBookDeleted(deps: Pick<UserHandlerDeps, 'db'>) {
  return async ({ bookId }: z.output<(typeof events.bookDeleted)['schema']>) => {
    await commentMailsRepository.forgetBook(deps.db, bookId);
  };
}
