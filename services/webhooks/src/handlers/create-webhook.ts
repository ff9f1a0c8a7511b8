import { randomUUID } from 'node:crypto';
import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentWebhook } from '../domain/present';
import { newWebhookSecret } from '../domain/signing';
import { checkTargetUrl } from '../domain/target-url';
import { requireWebhookPlan } from '../domain/webhook-plan';
import { requireWorkspaceMember } from '../domain/webhook-workspace';
import { webhooksRepository } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from './deps';

type Def = (typeof requests.webhooks)['createWebhook'];

/** Makes an endpoint (Enterprise only, a public https URL) and hands its signing secret back once. */
export function createWebhook(deps: WebhooksHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    await requireWebhookPlan(deps.bus, input.userId);
    if (input.workspaceId) await requireWorkspaceMember(deps.bus, input.userId, input.workspaceId);
    await checkTargetUrl(input.url, { allowPrivate: deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS, resolve: deps.resolve });
    const now = deps.now();
    const secret = newWebhookSecret();
    const row = await webhooksRepository.insert(deps.db, deps.cipher, {
      id: randomUUID(),
      user_id: input.userId,
      workspace_id: input.workspaceId ?? null,
      url: input.url,
      events: input.events.join(','),
      description: input.description ?? null,
      secret,
      enabled: true,
      disabled_reason: null,
      created_at: now,
      updated_at: now,
    });
    return { ...presentWebhook(row), secret };
  };
}
