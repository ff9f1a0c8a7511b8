import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.listInvoices;

export function listInvoices(deps: BillingHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => ({
    invoices: await deps.payments.listInvoices(customerOf(await currentAccount(deps.db, userId, deps.now()))),
  });
}
