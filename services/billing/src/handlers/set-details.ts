import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { announceAccountChange } from '../domain/billing-details';
import { accountsRepository, presentSummary } from '../repositories/accounts.repository';
import { currentAccount } from '../domain/current-account';
import { customerOf } from '../domain/customer-of';
import type { BillingHandlerDeps } from './deps';

type Def = typeof requests.billing.setBillingDetails;

/**
 * PATCH /payment/billing-details: the Italian SDI code. The provider is told first (customer metadata and
 * the invoices' custom field), so a code shown as saved is one the next invoice prints.
 */
export function setBillingDetails(deps: BillingHandlerDeps) {
  return async ({ userId, sdi }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const account = await currentAccount(deps.db, userId, deps.now());
    const code = sdi === '' ? null : sdi;
    if (account.sdi === code) return presentSummary(account);
    await deps.payments.setSdi(customerOf(account), code);
    const updated = await deps.db.transaction().execute(async (trx) => {
      const row = await accountsRepository.update(trx, userId, { sdi: code }, deps.now());
      await announceAccountChange(trx, row);
      return row;
    });
    deps.logger.info({ userId, sdi: code !== null }, 'SDI code changed');
    return presentSummary(updated);
  };
}
