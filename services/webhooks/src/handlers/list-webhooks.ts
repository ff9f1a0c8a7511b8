import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentWebhook } from '../domain/present';
import { webhooksRepository } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['listWebhooks'];

/** The user's endpoints, without their secrets. */
export function listWebhooks(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => ({
    webhooks: (await webhooksRepository.listByUser(deps.db, input.userId)).map(presentWebhook),
  });
}
