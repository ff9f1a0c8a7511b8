import { randomUUID } from 'node:crypto';
import { AppError, type WebhookEventType, type WebhookPayload } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { EventMeta } from '@bookwright/kit';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import { webhooksRepository, type WebhookRow } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from '../handlers/deps';

export interface OfferedEvent {
  type: WebhookEventType;
  bookId: string;
  /** The book's owner when the event names it: their endpoints need no access question. */
  ownerId?: string | undefined;
  /** Only the owner's endpoints receive it (book.deleted: there is no book left to ask about). */
  ownerOnly?: boolean;
  data: unknown;
}

/**
 * May the endpoint's owner read this book (and is it in the endpoint's workspace, when it has one)? The
 * book service's one answer; 404/403 mean no. A workspace's endpoint gets no book.deleted: the book, and
 * so the workspace it was in, can no longer be asked about.
 */
async function mayRead(deps: WebhooksHandlerDeps, webhook: WebhookRow, event: OfferedEvent): Promise<boolean> {
  const query = { userId: webhook.user_id, bookId: event.bookId, action: 'read' as const };
  if (webhook.workspace_id !== null) {
    if (event.ownerOnly) return false;
    return inWorkspace(deps, query, webhook.workspace_id);
  }
  if (event.ownerId !== undefined && webhook.user_id === event.ownerId) return true;
  if (event.ownerOnly) return false;
  try {
    await deps.bus.request(requests.book.access, query);
    return true;
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return false;
    throw error; // the book service is away: the event is redelivered and asked about again
  }
}

async function inWorkspace(
  deps: WebhooksHandlerDeps,
  query: { userId: string; bookId: string; action: 'read' },
  workspaceId: string,
): Promise<boolean> {
  try {
    return (await deps.bus.request(requests.book.get, query)).workspaceId === workspaceId;
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) return false;
    throw error;
  }
}

/**
 * Owes an event to every enabled endpoint subscribed to its type whose owner may read the book. The rows
 * are committed before the consumer acks (it returns after this), and a redelivered event inserts nothing
 * new (unique event × endpoint), so no event is lost or owed twice (decision 0046).
 */
export async function fanOut(deps: WebhooksHandlerDeps, event: OfferedEvent, meta: EventMeta): Promise<void> {
  const subscribed = await webhooksRepository.listSubscribed(deps.db, event.type);
  if (subscribed.length === 0) return;
  const body = JSON.stringify({
    id: meta.id,
    type: event.type,
    createdAt: new Date(meta.occurredAt).toISOString(),
    data: event.data,
  } satisfies WebhookPayload);
  let owed = 0;
  for (const webhook of subscribed) {
    if (!(await mayRead(deps, webhook, event))) continue;
    await deliveriesRepository.insertOnce(deps.db, {
      id: `msg_${randomUUID().replaceAll('-', '')}`,
      webhook_id: webhook.id,
      event_id: meta.id,
      event_type: event.type,
      body,
      now: deps.now(),
    });
    owed++;
  }
  if (owed > 0) deps.wake();
}
