import type { requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['sharedBookIds'];

/** Internal, for the live event stream: the books shared with a person (their own are theirs by the events). */
export function listSharedBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => ({
    bookIds: (await membersRepository.sharedWith(deps.db, userId)).map((share) => share.book_id),
  });
}
