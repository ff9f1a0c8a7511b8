import { events } from '@bookwright/contracts/events';
import { enqueueEvent } from '@bookwright/kit';
import type { Transaction } from 'kysely';
import type { BookDatabase, BookRow } from '../db/schema';
import { heldAllowance } from './allowance-keys';
import { planningBrief } from './new-book';

/** Asks the planner, through the outbox, for the plan of the book's current attempt. */
export async function requestPlanning(
  trx: Transaction<BookDatabase>,
  book: Pick<
    BookRow,
    | 'id'
    | 'user_id'
    | 'plan_attempt'
    | 'prompt'
    | 'title'
    | 'language'
    | 'target_audience'
    | 'genre'
    | 'size'
    | 'allowance_key'
    | 'translation'
  >,
): Promise<void> {
  await enqueueEvent(trx, events.bookPlanningRequested, {
    bookId: book.id,
    userId: book.user_id,
    attempt: book.plan_attempt,
    brief: planningBrief(book),
    ...heldAllowance(book),
  });
}
