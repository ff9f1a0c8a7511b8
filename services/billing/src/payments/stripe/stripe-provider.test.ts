import { beforeEach, describe, expect, it, vi } from 'vitest';
import { billingMessages, requests } from '@bookwright/contracts/bus';
import { events } from '@bookwright/contracts/events';
import { newUserId, type RunningBilling, type TestClock } from '../../testing/billing-harness';
import { stripeTestAccount, type StripeServer } from '../../testing/stripe-server';
import { useStripeBilling, type SubscriptionChanged } from '../../testing/stripe-billing-world';

const { prices } = stripeTestAccount;

describe('billing with the Stripe provider (real SDK, local Stripe-like server)', () => {
  const world = useStripeBilling({ start: '2025-01-31T12:00:00.000Z' });
  const { checkout, summary, consume, deliver, sessionIdOf, subscribed } = world;
  let clock: TestClock;
  let stripe: StripeServer;
  let billing: RunningBilling;
  let changes: SubscriptionChanged[];
  beforeEach(() => ({ clock, stripe, billing, changes } = world));

  it('starts Checkout in subscription mode for a new customer, and reuses that customer later', async () => {
    const userId = newUserId();
    const first = await checkout(userId, 'starter');
    expect(first).toMatchObject({ provider: 'stripe', url: expect.stringMatching(`^${stripe.url}/checkout/cs_`) });
    const session = stripe.checkoutSessions.get(sessionIdOf(first.url))!;
    expect(session).toMatchObject({
      mode: 'subscription',
      client_reference_id: userId,
      line_items: [{ price: prices.starter, quantity: '1' }],
      success_url: 'https://books.example.com/app/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://books.example.com/choose-plan',
    });
    const customer = stripe.customers.get(String(session.customer));
    expect(customer?.metadata).toEqual({ userId });
    expect((await summary(userId)).stripeCustomerId).toBe(customer?.id);

    // Abandoned, then tried again with the other plan: the same customer, no second one.
    const second = await checkout(userId, 'professional');
    expect(stripe.checkoutSessions.get(sessionIdOf(second.url))).toMatchObject({
      customer: customer?.id,
      line_items: [{ price: prices.professional }],
    });
    expect(
      [...stripe.customers.values()].filter((c) => (c.metadata as { userId?: string }).userId === userId),
    ).toHaveLength(1);
    // Nothing is active until Stripe says it was paid.
    expect(await summary(userId)).toMatchObject({ accountType: 'null', subscriptionStatus: null });
  });

  it('activates the plan from the completed Checkout, with the ids and the next billing date', async () => {
    const { userId, subscriptionId } = await subscribed();
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      subscriptionStatus: 'active',
      nextBillingDate: '2025-02-28T12:00:00.000Z',
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: expect.stringMatching(/^cus_/),
      booksLeftThisMonth: 10,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
    });
    await vi.waitFor(() => expect(changes.filter((c) => c.userId === userId)).toHaveLength(1), { timeout: 5000 });
    expect(changes.find((c) => c.userId === userId)).toMatchObject({ accountType: 'starter', allowancesReset: true });
  });

  it('applies a redelivered event once', async () => {
    const { userId, subscriptionId } = await subscribed();
    await consume(userId, 'b1');
    const invoice = stripe.invoiceJson(stripe.invoices.get(stripe.subscription(subscriptionId).latestInvoice!)!);
    const paidEvent = stripe.event('invoice.paid', invoice);
    expect(await deliver(paidEvent)).toEqual({ received: true, duplicate: false });
    // The same event again (Stripe retries when an answer was lost), with a fresh signature.
    const again = stripe.event('invoice.paid', invoice, paidEvent.id);
    expect(await deliver(again)).toEqual({ received: true, duplicate: true });
    expect(await deliver(paidEvent)).toEqual({ received: true, duplicate: true });
    expect((await summary(userId)).booksLeftThisMonth).toBe(9);
    const recorded = await billing.db
      .selectFrom('payment_webhook_events')
      .selectAll()
      .where('event_id', '=', paidEvent.id)
      .execute();
    expect(recorded).toHaveLength(1);
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const { userId, subscriptionId } = await subscribed();
    const ended = stripe.endSubscription(subscriptionId);
    const event = stripe.event('customer.subscription.deleted', ended);
    const tampered = {
      payload: event.payload.replace('"livemode":false', '"livemode":true'),
      signature: event.signature,
    };
    await expect(deliver(tampered)).rejects.toMatchObject({
      status: 400,
      message: billingMessages.badWebhookSignature,
    });
    await expect(deliver({ payload: event.payload, signature: 't=1,v1=00' })).rejects.toMatchObject({ status: 400 });
    expect(await summary(userId)).toMatchObject({ accountType: 'starter', subscriptionStatus: 'active' });
    expect(
      await billing.db
        .selectFrom('payment_webhook_events')
        .select('event_id')
        .where('event_id', '=', event.id)
        .execute(),
    ).toEqual([]);
  });

  it('lands on the present state whatever order the events arrive in', async () => {
    const userId = newUserId();
    const { url } = await checkout(userId, 'starter');
    const paid = stripe.completeCheckout(sessionIdOf(url));
    const subscriptionId = paid.subscription.id as string;
    const created = stripe.event('customer.subscription.created', paid.subscription);
    const completed = stripe.event('checkout.session.completed', paid.session);
    const firstInvoice = stripe.event('invoice.paid', paid.invoice);
    // The customer cancels and the subscription ends before any of the earlier events got through.
    stripe.cancelAtPeriodEnd(subscriptionId);
    const deleted = stripe.event('customer.subscription.deleted', stripe.endSubscription(subscriptionId));

    await deliver(deleted);
    for (const late of [firstInvoice, completed, created]) await deliver(late);
    expect(await summary(userId)).toMatchObject({
      accountType: 'null',
      subscriptionStatus: 'canceled',
      nextBillingDate: null,
      booksLeftThisMonth: 0,
    });
  });

  it('does not hand out a second month for a late invoice of the month already granted', async () => {
    const { userId, subscriptionId, paid } = await subscribed();
    clock.set('2025-02-28T12:00:00.000Z');
    const renewal = stripe.renew(subscriptionId, 'paid');
    await deliver(stripe.event('invoice.paid', renewal.invoice));
    await consume(userId, 'march-1');
    // The first month's invoice.paid arrives only now.
    await deliver(stripe.event('invoice.paid', paid.invoice));
    expect(await summary(userId)).toMatchObject({ booksLeftThisMonth: 9, nextBillingDate: '2025-03-31T12:00:00.000Z' });
  });

  it('resets the monthly allowances when the renewal invoice is paid, and not before', async () => {
    const { userId, subscriptionId } = await subscribed();
    for (const key of ['b1', 'b2', 'b3']) await consume(userId, key);
    // The period is over, but Stripe has not been paid for the next one yet.
    clock.set('2025-02-28T12:30:00.000Z');
    expect((await summary(userId)).booksLeftThisMonth).toBe(7);

    const renewal = stripe.renew(subscriptionId, 'paid');
    await deliver(stripe.event('customer.subscription.updated', renewal.subscription));
    expect((await summary(userId)).booksLeftThisMonth).toBe(7);
    await deliver(stripe.event('invoice.paid', renewal.invoice));
    expect(await summary(userId)).toMatchObject({
      subscriptionStatus: 'active',
      booksLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
      nextBillingDate: '2025-03-31T12:00:00.000Z',
    });
    await vi.waitFor(() => expect(changes.filter((c) => c.userId === userId && c.allowancesReset)).toHaveLength(2), {
      timeout: 5000,
    });
  });

  it('marks the plan past due when a renewal payment fails, and active again once it is paid', async () => {
    const { userId, subscriptionId } = await subscribed();
    await consume(userId, 'b1');
    clock.set('2025-02-28T12:00:00.000Z');
    const failed = stripe.renew(subscriptionId, 'failed');
    // Stripe's invoice.payment_failed can arrive before the subscription itself says past_due.
    stripe.subscription(subscriptionId).status = 'active';
    await deliver(stripe.event('invoice.payment_failed', failed.invoice));
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      subscriptionStatus: 'past_due',
      booksLeftThisMonth: 9,
    });
    await vi.waitFor(
      () => expect(changes.some((c) => c.userId === userId && c.subscriptionStatus === 'past_due')).toBe(true),
      { timeout: 5000 },
    );

    const retried = stripe.payInvoice(failed.invoice.id as string);
    await deliver(stripe.event('invoice.paid', retried.invoice));
    expect(await summary(userId)).toMatchObject({ subscriptionStatus: 'active', booksLeftThisMonth: 10 });
    // The old failure, delivered again late, does not bring past_due back: that invoice is paid now.
    await deliver(stripe.event('invoice.payment_failed', failed.invoice));
    expect((await summary(userId)).subscriptionStatus).toBe('active');
  });

  it('keeps the plan until the end of the period when the subscription is cancelled', async () => {
    const { userId, subscriptionId } = await subscribed();
    await deliver(stripe.event('customer.subscription.updated', stripe.cancelAtPeriodEnd(subscriptionId)));
    expect(await summary(userId)).toMatchObject({ accountType: 'starter', subscriptionStatus: 'active' });
    const row = await billing.db
      .selectFrom('billing_accounts')
      .select('cancel_at_period_end')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(row.cancel_at_period_end).toBe(true);

    clock.set('2025-02-28T12:00:00.000Z');
    await deliver(stripe.event('customer.subscription.deleted', stripe.endSubscription(subscriptionId)));
    expect(await summary(userId)).toMatchObject({
      accountType: 'null',
      subscriptionStatus: 'canceled',
      booksLeftThisMonth: 0,
      coversLeftThisMonth: 0,
    });
    await expect(consume(userId, 'after')).rejects.toMatchObject({ status: 403 });
  });

  it('switches the price of an active subscription, prorated, instead of a second checkout', async () => {
    const { userId, subscriptionId } = await subscribed();
    stripe.calls.length = 0;
    expect(await checkout(userId, 'professional')).toMatchObject({
      url: '/app/settings?tab=billing',
      provider: 'stripe',
    });
    const update = stripe.calls.find((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscriptionId}`);
    expect(update?.body).toMatchObject({
      items: [{ id: stripe.subscription(subscriptionId).itemId, price: prices.professional }],
      proration_behavior: 'create_prorations',
    });
    expect(stripe.calls.some((c) => c.path === '/v1/checkout/sessions')).toBe(false);
    expect(await summary(userId)).toMatchObject({
      accountType: 'professional',
      subscriptionStatus: 'active',
      booksLeftThisMonth: null,
      nextBillingDate: '2025-02-28T12:00:00.000Z',
    });
    // Stripe's own notice of the change, arriving afterwards, changes nothing more.
    await deliver(
      stripe.event('customer.subscription.updated', stripe.subscriptionJson(stripe.subscription(subscriptionId))),
    );
    expect((await summary(userId)).accountType).toBe('professional');
  });

  it('opens the Billing Portal and lists the invoices with their links', async () => {
    const userId = newUserId();
    await expect(billing.bus.request(requests.billing.openPortal, { userId })).rejects.toMatchObject({
      status: 400,
      message: billingMessages.noSubscription,
    });
    const { subscriptionId } = await subscribed(userId);
    const portal = await billing.bus.request(requests.billing.openPortal, { userId });
    expect(portal.url).toMatch(`${stripe.url}/portal/bps_`);

    clock.set('2025-02-28T12:00:00.000Z');
    stripe.renew(subscriptionId, 'paid');
    const { invoices } = await billing.bus.request(requests.billing.listInvoices, { userId });
    expect(invoices).toHaveLength(2);
    expect(invoices[0]).toEqual({
      id: expect.stringMatching(/^in_/),
      number: expect.stringMatching(/^BW-/),
      date: '2025-02-28T12:00:00.000Z',
      periodStart: '2025-02-28T12:00:00.000Z',
      periodEnd: '2025-03-31T12:00:00.000Z',
      amount: 30,
      status: 'paid',
      hostedUrl: expect.stringMatching(`${stripe.url}/invoices/in_`),
      pdfUrl: expect.stringMatching(/\.pdf$/),
    });
    expect(invoices[1]?.date).toBe('2025-01-31T12:00:00.000Z');
  });

  it('cancels the subscription at once and removes the billing rows when the account is deleted', async () => {
    const { userId, subscriptionId } = await subscribed();
    await consume(userId, 'b1');
    await billing.bus.publish(events.userDeleted, { userId, deletedAt: clock.now().toISOString() });
    await vi.waitFor(
      async () =>
        expect(
          await billing.db.selectFrom('billing_accounts').select('user_id').where('user_id', '=', userId).execute(),
        ).toEqual([]),
      { timeout: 5000 },
    );
    expect(stripe.subscription(subscriptionId).status).toBe('canceled');
    expect(
      await billing.db.selectFrom('allowance_consumptions').select('key').where('user_id', '=', userId).execute(),
    ).toEqual([]);

    // Redelivered: nothing left to do, and no second cancel is sent.
    stripe.calls.length = 0;
    await billing.bus.publish(events.userDeleted, { userId, deletedAt: clock.now().toISOString() });
    // Stripe's notice of the cancellation arrives afterwards and must not bring the account back.
    await deliver(
      stripe.event('customer.subscription.deleted', stripe.subscriptionJson(stripe.subscription(subscriptionId))),
    );
    await vi.waitFor(async () => {
      const rows = await billing.db
        .selectFrom('billing_accounts')
        .select('user_id')
        .where('user_id', '=', userId)
        .execute();
      expect(rows).toEqual([]);
    });
    expect(stripe.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });

  it('answers the configured prices and that Stripe takes the payment', async () => {
    expect(await billing.bus.request(requests.billing.getPlans, {})).toEqual({
      provider: 'stripe',
      currency: 'eur',
      plans: [
        { accountType: 'starter', amount: 30, label: 'Starter' },
        { accountType: 'professional', amount: 70, label: 'Professional' },
      ],
    });
  });
});
