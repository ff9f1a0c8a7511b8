import { randomUUID } from 'node:crypto';
import { webhookTestEventType, type WebhookPayload } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { ownedWebhook } from '../domain/owned-webhook';
import { presentDelivery } from '../domain/present';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['testWebhook'];

/** Queues a webhook.test delivery (signed and retried like any other) and answers it while pending. */
export function testWebhook(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const webhook = await ownedWebhook(deps.db, input.userId, input.webhookId);
    const now = deps.now();
    const eventId = randomUUID();
    const id = `msg_${randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({
      id: eventId,
      type: webhookTestEventType,
      createdAt: now.toISOString(),
      data: { webhookId: webhook.id },
    } satisfies WebhookPayload);
    await deliveriesRepository.insertOnce(deps.db, {
      id,
      webhook_id: webhook.id,
      event_id: eventId,
      event_type: webhookTestEventType,
      body,
      now,
    });
    deps.wake();
    const delivery = await deliveriesRepository.findOfWebhook(deps.db, webhook.id, id);
    return presentDelivery(delivery!, []);
  };
}
