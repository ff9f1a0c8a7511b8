import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { ownedWebhook } from '../domain/owned-webhook';
import { presentDelivery } from '../domain/present';
import { deliveriesRepository } from '../repositories/deliveries.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['listDeliveries'];

/** How many of an endpoint's latest deliveries are listed. */
const listedDeliveries = 100;

/** An endpoint's latest deliveries, newest first, each with its attempts (status codes, times, answers). */
export function listDeliveries(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const webhook = await ownedWebhook(deps.db, input.userId, input.webhookId);
    const rows = await deliveriesRepository.listRecent(deps.db, webhook.id, listedDeliveries);
    const attempts = await deliveriesRepository.attemptsOf(
      deps.db,
      rows.map((row) => row.id),
    );
    return { deliveries: rows.map((row) => presentDelivery(row, attempts)) };
  };
}
