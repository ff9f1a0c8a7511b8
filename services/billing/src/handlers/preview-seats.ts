import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { BillingConfig } from '../config';
import { assertPaysForSeats } from '../domain/seats';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.previewSeats;

/**
 * What changing a workspace's seats would cost its owner before it happens: now (the provider's
 * proration for the rest of the period) and monthly. 402 unless the owner is on Enterprise. Changes nothing.
 */
export function previewSeats(deps: BillingHandlerDeps, config: BillingConfig) {
  const perSeat = config.SEAT_PRICE_CENTS;
  return async ({ userId, currentSeats, seats }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = deps.now();
    const account = await currentAccount(deps.db, userId, now);
    assertPaysForSeats(account);
    const quote = await deps.payments.previewSeats(customerOf(account), {
      currentSeats,
      seats,
      perSeat,
      periodStart: new Date(account.period_start),
      periodEnd: new Date(account.period_end),
      now,
    });
    return {
      seats,
      currentSeats,
      perSeat,
      currency: 'eur',
      dueNow: quote.dueNow,
      monthly: quote.monthly ?? perSeat * seats,
      provider: deps.payments.name,
    };
  };
}
