import type { Kysely } from 'kysely';
import type { BillingDatabase } from '../db/schema';

/** The provider events already applied, by id: what makes a redelivered webhook change nothing. */
export const webhookEventsRepository = {
  /** Whether the event was applied before (read outside the transaction, to skip the provider's reads). */
  async wasApplied(db: Kysely<BillingDatabase>, eventId: string): Promise<boolean> {
    const seen = await db
      .selectFrom('payment_webhook_events')
      .select('event_id')
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    return seen !== undefined;
  },

  /**
   * Records the event in the transaction that applies it. False when it is already recorded: a concurrent
   * delivery got there first, and this one must change nothing.
   */
  async record(
    db: Kysely<BillingDatabase>,
    event: { eventId: string; type: string; receivedAt: Date },
  ): Promise<boolean> {
    const recorded = await db
      .insertInto('payment_webhook_events')
      .values({ event_id: event.eventId, type: event.type, received_at: event.receivedAt })
      .onConflict((oc) => oc.column('event_id').doNothing())
      .returning('event_id')
      .executeTakeFirst();
    return recorded !== undefined;
  },
};
