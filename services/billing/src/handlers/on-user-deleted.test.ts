import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { silentLogger, type EventMeta } from '@bookwright/kit';
import { createLocalPaymentProvider } from '../payments/local-payment-provider';
import type { PaymentProvider } from '../payments/payment-provider';
import { newUserId, startBilling, testClock, type RunningBilling } from '../testing/billing-harness';
import { onUserDeleted } from './on-user-deleted';

describe('user.deleted (local provider)', () => {
  let billing: RunningBilling;
  beforeEach(async () => {
    billing = await startBilling({ clock: testClock('2025-03-10T09:00:00.000Z') });
  });
  afterEach(async () => {
    await billing.stop();
  });

  const rowsOf = async (userId: string) => ({
    accounts: await billing.db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', userId).execute(),
    consumptions: await billing.db
      .selectFrom('allowance_consumptions')
      .select('key')
      .where('user_id', '=', userId)
      .execute(),
  });

  it("removes the user's account and consumptions, and leaves other users alone", async () => {
    const [leaving, staying] = [newUserId(), newUserId()];
    for (const userId of [leaving, staying]) {
      await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
      await billing.bus.request(requests.billing.consumeAllowance, { userId, kind: 'book', key: 'b1' });
    }
    await billing.bus.publish(events.userDeleted, { userId: leaving, deletedAt: '2025-03-10T09:00:00.000Z' });
    await vi.waitFor(async () => expect(await rowsOf(leaving)).toEqual({ accounts: [], consumptions: [] }), {
      timeout: 5000,
    });
    expect(await rowsOf(staying)).toEqual({ accounts: [{ user_id: staying }], consumptions: [{ key: 'b1' }] });
  });

  it('is idempotent, and keeps the rows when the subscription could not be cancelled (to retry)', async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'professional' } });
    const local = createLocalPaymentProvider({
      db: billing.db,
      relay: { kick() {} },
      logger: silentLogger(),
      now: () => new Date(),
    });
    let cancels = 0;
    const failing: PaymentProvider = {
      ...local,
      async cancelImmediately() {
        cancels += 1;
        throw new Error('provider unreachable');
      },
    };
    const meta = { logger: silentLogger() } as unknown as EventMeta;
    const data = { userId, deletedAt: '2025-03-10T09:00:00.000Z' };
    await expect(onUserDeleted({ db: billing.db, payments: failing })(data, meta)).rejects.toThrow(
      'provider unreachable',
    );
    expect((await rowsOf(userId)).accounts).toHaveLength(1);

    const handler = onUserDeleted({ db: billing.db, payments: local });
    await handler(data, meta);
    await handler(data, meta);
    expect(await rowsOf(userId)).toEqual({ accounts: [], consumptions: [] });
    // Nothing left: a redelivery does not even ask the provider.
    await onUserDeleted({ db: billing.db, payments: failing })(data, meta);
    expect(cancels).toBe(1);
  });

  it('has no billing portal and no invoices for local plans, and says prices are local', async () => {
    const userId = newUserId();
    await billing.bus.request(requests.billing.startCheckout, { userId, checkout: { accountType: 'starter' } });
    await expect(billing.bus.request(requests.billing.openPortal, { userId })).rejects.toMatchObject({ status: 400 });
    expect(await billing.bus.request(requests.billing.getPlans, {})).toEqual({
      provider: 'local',
      currency: 'eur',
      plans: [
        { accountType: 'starter', amount: 30, label: 'Starter' },
        { accountType: 'professional', amount: 70, label: 'Professional' },
      ],
    });
    await expect(
      billing.bus.request(requests.billing.handleWebhook, { payload: '{}', signature: 't=1,v1=0' }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});
