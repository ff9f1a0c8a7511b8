import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.handleWebhook;

export function handleWebhook(deps: BillingHandlerDeps) {
  return async ({ payload, signature }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const { duplicate } = await deps.payments.receiveWebhook(payload, signature);
    return { received: true, duplicate };
  };
}
