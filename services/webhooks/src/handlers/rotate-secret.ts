import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { ownedWebhook } from '../domain/owned-webhook';
import { presentWebhook } from '../domain/present';
import { newWebhookSecret } from '../domain/signing';
import { webhooksRepository } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['rotateSecret'];

/** How long the secret before a rotation keeps signing beside the new one. */
export const previousSecretMs = 24 * 60 * 60 * 1000;

/** A new secret, shown once; the old one signs beside it for 24 hours so receivers can switch unhurried. */
export function rotateSecret(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const row = await ownedWebhook(deps.db, input.userId, input.webhookId);
    const now = deps.now();
    const secret = newWebhookSecret();
    const updated = await webhooksRepository.rotateSecret(deps.db, deps.cipher, row, {
      secret,
      previousUntil: new Date(now.getTime() + previousSecretMs),
      at: now,
    });
    return { ...presentWebhook(updated), secret };
  };
}
