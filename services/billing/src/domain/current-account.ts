import type { Kysely } from 'kysely';
import type { BillingAccountRow, BillingDatabase } from '../db/schema';
import { endDueLocalPlan } from './plan-cancellation';
import { accountsRepository } from '../repositories/accounts.repository';

/**
 * The user's account as it is now, opened plan-less on first sight: a request can arrive before the
 * user.registered event that normally opens it. A local plan whose cancellation has come due ends first.
 */
export async function currentAccount(
  db: Kysely<BillingDatabase>,
  userId: string,
  now: Date,
): Promise<BillingAccountRow> {
  await endDueLocalPlan(db, userId, now);
  const existing = await accountsRepository.findCurrent(db, userId, now);
  if (existing) return existing;
  await accountsRepository.ensure(db, userId, now);
  const opened = await accountsRepository.findCurrent(db, userId, now);
  if (!opened) throw new Error(`billing account ${userId} vanished right after it was opened`);
  return opened;
}
