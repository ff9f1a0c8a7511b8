import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { booksRepository } from '../repositories/books.repository';
import type { BookHandlerDeps } from './deps';

type Def = typeof requests.book.holdsAllowance;

/** Billing's question about a reservation nobody confirmed: does one of the user's books hold its key? */
export function holdsAllowance(deps: BookHandlerDeps) {
  return async ({ userId, key }: z.output<Def['request']>): Promise<z.input<Def['response']>> => ({
    held: await booksRepository.holdsAllowanceKey(deps.db, userId, key),
  });
}
