import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { noPlanBillingSummary } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { newUserId, startBilling, testClock, type RunningBilling } from '../testing/billing-harness';

describe('billing summary', () => {
  let billing: RunningBilling;
  beforeEach(async () => {
    billing = await startBilling({ clock: testClock('2025-03-10T09:00:00.000Z') });
  });
  afterEach(async () => {
    await billing.stop();
  });

  it('answers health', async () => {
    expect(await billing.bus.request(requests.billing.health, {})).toEqual({ status: 'ok' });
  });

  it('gives an unknown user the plan-less defaults and opens their account on the way', async () => {
    const userId = newUserId();
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toEqual(noPlanBillingSummary);
    const row = await billing.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ account_type: 'null', books_left: 0, covers_left: 0, translations_left: 0 });
    // Asking again reads the same account rather than opening a second one.
    expect(await billing.bus.request(requests.billing.getSummary, { userId })).toEqual(noPlanBillingSummary);
    expect(await billing.db.selectFrom('billing_accounts').select('user_id').execute()).toHaveLength(1);
  });
});
