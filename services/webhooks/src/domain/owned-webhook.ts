import { AppError, webhookMessages } from '@bookwright/contracts/http';
import type { Kysely } from 'kysely';
import type { WebhooksDatabase } from '../db/schema';
import { webhooksRepository, type WebhookRow } from '../repositories/webhooks.repository';

/** The user's endpoint, or 404 (another's endpoint is not found, never forbidden). */
export async function ownedWebhook(
  db: Kysely<WebhooksDatabase>,
  userId: string,
  webhookId: string,
): Promise<WebhookRow> {
  const row = await webhooksRepository.findOwned(db, userId, webhookId);
  if (!row) throw new AppError(404, webhookMessages.notFound);
  return row;
}
