import type { Kysely, Selectable, Updateable } from 'kysely';
import type { WebhooksDatabase, WebhooksTable } from '../db/schema';

export type WebhookRow = Selectable<WebhooksTable>;

export const webhooksRepository = {
  insert(db: Kysely<WebhooksDatabase>, row: Omit<WebhookRow, 'previous_secret' | 'previous_secret_until'>) {
    return db.insertInto('webhooks').values(row).returningAll().executeTakeFirstOrThrow();
  },

  listByUser(db: Kysely<WebhooksDatabase>, userId: string): Promise<WebhookRow[]> {
    return db
      .selectFrom('webhooks')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  findOwned(db: Kysely<WebhooksDatabase>, userId: string, id: string): Promise<WebhookRow | undefined> {
    return db.selectFrom('webhooks').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  },

  findById(db: Kysely<WebhooksDatabase>, id: string): Promise<WebhookRow | undefined> {
    return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The enabled endpoints subscribed to this event type, for fanning an event out. */
  async listSubscribed(db: Kysely<WebhooksDatabase>, eventType: string): Promise<WebhookRow[]> {
    const rows = await db.selectFrom('webhooks').selectAll().where('enabled', '=', true).execute();
    return rows.filter((row) => row.events.split(',').includes(eventType));
  },

  update(db: Kysely<WebhooksDatabase>, id: string, changes: Updateable<WebhooksTable>) {
    return db.updateTable('webhooks').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  async deleteOwned(db: Kysely<WebhooksDatabase>, userId: string, id: string): Promise<boolean> {
    const deleted = await db
      .deleteFrom('webhooks')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return deleted.numDeletedRows > 0n;
  },
};
