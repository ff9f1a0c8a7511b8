import type { Kysely, Selectable, Updateable } from 'kysely';
import type { WebhooksDatabase, WebhooksTable } from '../db/schema';
import type { SecretCipher } from '../domain/secret-cipher';

/** A row as stored: `secret` and `previous_secret` are sealed (decision 0052); open them only to sign. */
export type WebhookRow = Selectable<WebhooksTable>;

export const webhooksRepository = {
  /** Stores a new endpoint with its plain secret sealed under the cipher's current key. */
  insert(
    db: Kysely<WebhooksDatabase>,
    cipher: SecretCipher,
    row: Omit<WebhookRow, 'previous_secret' | 'previous_secret_until'>,
  ) {
    return db
      .insertInto('webhooks')
      .values({ ...row, secret: cipher.seal(row.secret, row.id) })
      .returningAll()
      .executeTakeFirstOrThrow();
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

  /** Everything but the secrets, which change only through `rotateSecret`. */
  update(
    db: Kysely<WebhooksDatabase>,
    id: string,
    changes: Omit<Updateable<WebhooksTable>, 'secret' | 'previous_secret'>,
  ) {
    return db.updateTable('webhooks').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * Seals the new secret under the current key and keeps the sealed old one beside it until `previousUntil`
   * (the old ciphertext moves as it is: it opens under its own key id for the day it still signs).
   */
  rotateSecret(
    db: Kysely<WebhooksDatabase>,
    cipher: SecretCipher,
    row: Pick<WebhookRow, 'id' | 'secret'>,
    change: { secret: string; previousUntil: Date; at: Date },
  ) {
    return db
      .updateTable('webhooks')
      .set({
        secret: cipher.seal(change.secret, row.id),
        previous_secret: row.secret,
        previous_secret_until: change.previousUntil,
        updated_at: change.at,
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
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
