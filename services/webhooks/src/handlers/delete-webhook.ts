import { AppError, webhookMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { webhooksRepository } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['deleteWebhook'];

/** Deletes an endpoint; its deliveries and attempts go with it (cascade), pending ones are not sent. */
export function deleteWebhook(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    if (!(await webhooksRepository.deleteOwned(deps.db, input.userId, input.webhookId)))
      throw new AppError(404, webhookMessages.notFound);
    return {};
  };
}
