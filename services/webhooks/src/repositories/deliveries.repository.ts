import type { Kysely, Selectable } from 'kysely';
import type { WebhookAttemptsTable, WebhookDeliveriesTable, WebhooksDatabase } from '../db/schema';

export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export const deliveriesRepository = {
  /** Owes an event to an endpoint once: a second insert of the same (event, endpoint) does nothing. */
  async insertOnce(
    db: Kysely<WebhooksDatabase>,
    row: Pick<DeliveryRow, 'id' | 'webhook_id' | 'event_id' | 'event_type' | 'body'> & { now: Date },
  ): Promise<void> {
    await db
      .insertInto('webhook_deliveries')
      .values({
        id: row.id,
        webhook_id: row.webhook_id,
        event_id: row.event_id,
        event_type: row.event_type,
        body: row.body,
        status: 'pending',
        attempt_count: 0,
        next_attempt_at: row.now,
        created_at: row.now,
      })
      .onConflict((c) => c.columns(['event_id', 'webhook_id']).doNothing())
      .execute();
  },

  /**
   * Takes the due deliveries for this dispatcher: each row is leased (locked_until) in the same statement
   * that finds it, so two dispatchers (replicas) never call one delivery at once; a crash frees it after
   * the lease (WEBHOOK_LEASE_MS, longer than a call may take).
   */
  async claimDue(db: Kysely<WebhooksDatabase>, now: Date, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
    return db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('webhook_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (due.length === 0) return [];
      return trx
        .updateTable('webhook_deliveries')
        .set({ locked_until: new Date(now.getTime() + leaseMs) })
        .where(
          'id',
          'in',
          due.map((d) => d.id),
        )
        .returningAll()
        .execute();
    });
  },

  /**
   * One attempt's outcome, and what comes next, in one transaction. The attempt is always kept; the outcome
   * decides the delivery only while the dispatcher still holds the lease it claimed the row with. A
   * redelivery asked for while the call was out (`requeue`), or another dispatcher's claim after the lease
   * ran out, has changed the lease: the row is left as it is then, to be called again, and this answers
   * false. Without the fence, the earlier call's 200 marked a requeued delivery succeeded, and the
   * redelivery was lost.
   */
  async recordAttempt(
    db: Kysely<WebhooksDatabase>,
    delivery: Pick<DeliveryRow, 'id' | 'locked_until'>,
    attempt: AttemptRow,
    next: { status: DeliveryRow['status']; nextAttemptAt: Date | null },
  ): Promise<boolean> {
    const lease = delivery.locked_until;
    if (lease === null) throw new Error(`delivery ${delivery.id} was not claimed`);
    return db.transaction().execute(async (trx) => {
      await trx.insertInto('webhook_attempts').values(attempt).execute();
      const decided = await trx
        .updateTable('webhook_deliveries')
        .set((eb) => ({
          attempt_count: eb('attempt_count', '+', 1),
          status: next.status,
          next_attempt_at: next.nextAttemptAt,
          locked_until: null,
        }))
        .where('id', '=', delivery.id)
        .where('locked_until', '=', lease)
        .executeTakeFirst();
      return decided.numUpdatedRows > 0n;
    });
  },

  /** When the earliest pending delivery is due, for the dispatcher's sleep. */
  async nextDueAt(db: Kysely<WebhooksDatabase>, now: Date): Promise<Date | undefined> {
    const row = await db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.min('next_attempt_at').as('next'))
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .executeTakeFirst();
    return row?.next ? new Date(row.next) : undefined;
  },

  findOfWebhook(db: Kysely<WebhooksDatabase>, webhookId: string, deliveryId: string) {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('id', '=', deliveryId)
      .where('webhook_id', '=', webhookId)
      .executeTakeFirst();
  },

  /** Due now again, its schedule from the start (a redelivery on request keeps the same id). */
  async requeue(db: Kysely<WebhooksDatabase>, deliveryId: string, now: Date): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', attempt_count: 0, next_attempt_at: now, locked_until: null })
      .where('id', '=', deliveryId)
      .execute();
  },

  /** Pending deliveries of a disabled endpoint stop. */
  async failPending(db: Kysely<WebhooksDatabase>, webhookId: string): Promise<void> {
    await db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null })
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'pending')
      .execute();
  },

  listRecent(db: Kysely<WebhooksDatabase>, webhookId: string, limit: number): Promise<DeliveryRow[]> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  attemptsOf(db: Kysely<WebhooksDatabase>, deliveryIds: string[]): Promise<AttemptRow[]> {
    if (deliveryIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('webhook_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('attempted_at')
      .orderBy('id')
      .execute();
  },
};
