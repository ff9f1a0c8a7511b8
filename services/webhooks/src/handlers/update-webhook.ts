import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { ownedWebhook } from '../domain/owned-webhook';
import { presentWebhook } from '../domain/present';
import { checkTargetUrl } from '../domain/target-url';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import { webhooksRepository } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['updateWebhook'];

/** Changes an endpoint; a new URL passes the same address rule as a new endpoint. */
export function updateWebhook(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const row = await ownedWebhook(deps.db, input.userId, input.webhookId);
    if (input.url !== undefined)
      await checkTargetUrl(input.url, {
        allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
        resolve: deps.resolve,
      });
    const enabled = input.enabled ?? row.enabled;
    const updated = await webhooksRepository.update(deps.db, row.id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.events !== undefined ? { events: input.events.join(',') } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      enabled,
      disabled_reason: enabled ? null : input.enabled === false ? 'owner' : row.disabled_reason,
      updated_at: deps.now(),
    });
    if (!enabled) await deliveriesRepository.failPending(deps.db, row.id);
    return presentWebhook(updated);
  };
}
