import { AppError, webhookMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { ownedWebhook } from '../domain/owned-webhook';
import { presentDelivery } from '../domain/present';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['redeliver'];

/** Sends a delivery again now, with the same webhook-id and body; its attempts so far stay listed. */
export function redeliver(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const webhook = await ownedWebhook(deps.db, input.userId, input.webhookId);
    if (!webhook.enabled) throw new AppError(409, webhookMessages.disabled);
    const delivery = await deliveriesRepository.findOfWebhook(deps.db, webhook.id, input.deliveryId);
    if (!delivery) throw new AppError(404, webhookMessages.deliveryNotFound);
    await deliveriesRepository.requeue(deps.db, delivery.id, deps.now());
    deps.wake();
    const requeued = await deliveriesRepository.findOfWebhook(deps.db, webhook.id, delivery.id);
    return presentDelivery(requeued!, await deliveriesRepository.attemptsOf(deps.db, [delivery.id]));
  };
}
