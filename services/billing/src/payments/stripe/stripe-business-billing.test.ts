import { beforeEach, describe, expect, it } from 'vitest';
import { billingMessages, requests } from '@bookwright/contracts/bus';
import { newUserId, type RunningBilling, type TestClock } from '../../testing/billing-harness';
import { stripeTestAccount, type StripeServer } from '../../testing/stripe-server';
import { useStripeBilling } from '../../testing/stripe-billing-world';

const { prices } = stripeTestAccount;

/** Issue 20, "paying as a business expects": what Checkout collects, the SDI code, and plan switches. */
describe('business billing with the Stripe provider (real SDK, local Stripe-like server)', () => {
  const world = useStripeBilling({ start: '2025-03-01T00:00:00.000Z' });
  const { checkout, summary, consume, deliver, sessionIdOf, subscribed } = world;
  let clock: TestClock;
  let stripe: StripeServer;
  let billing: RunningBilling;
  beforeEach(() => ({ clock, stripe, billing } = world));

  const preview = (userId: string, accountType: 'starter' | 'professional') =>
    billing.bus.request(requests.billing.previewSwitch, { userId, accountType });

  it('asks Checkout for the billing address, the tax id and the company name, saved on the customer', async () => {
    const { url } = await checkout(newUserId(), 'starter');
    const created = stripe.calls.find((c) => c.path === '/v1/checkout/sessions' && c.body.client_reference_id);
    expect(created?.body).toMatchObject({
      billing_address_collection: 'required',
      tax_id_collection: { enabled: 'true' },
      name_collection: { business: { enabled: 'true', optional: 'true' } },
      customer_update: { address: 'auto', name: 'auto' },
    });
    expect(stripe.checkoutSessions.get(sessionIdOf(url))).toMatchObject({ billing_address_collection: 'required' });
  });

  it('copies the billing details to the account from the checkout completion and from customer.updated', async () => {
    const userId = newUserId();
    const { url } = await checkout(userId, 'starter');
    const session = stripe.checkoutSessions.get(sessionIdOf(url))!;
    // What the author typed on the Checkout page, saved on the customer by customer_update.
    stripe.fillBillingDetails(String(session.customer), {
      name: 'Lucia Bianchi',
      businessName: 'Edizioni Faro S.r.l.',
      address: { line1: 'Via Roma 1', line2: 'Scala B', city: 'Milano', postal_code: '20121', country: 'IT' },
      taxId: 'IT12345678901',
    });
    const paid = stripe.completeCheckout(sessionIdOf(url));
    await deliver(stripe.event('checkout.session.completed', paid.session));
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      billingAddress: 'Via Roma 1, Scala B',
      billingCity: 'Milano',
      billingPostalCode: '20121',
      billingZip: '20121',
      billingCountry: 'IT',
      companyName: 'Edizioni Faro S.r.l.',
      vatNumber: 'IT12345678901',
    });

    // Edited later in the billing portal: Stripe sends customer.updated.
    const updated = stripe.fillBillingDetails(String(session.customer), {
      address: { line1: 'Corso Italia 5', city: 'Torino', postal_code: '10121', country: 'IT' },
    });
    await deliver(stripe.event('customer.updated', updated));
    expect(await summary(userId)).toMatchObject({
      billingAddress: 'Corso Italia 5',
      billingCity: 'Torino',
      billingPostalCode: '10121',
      companyName: 'Edizioni Faro S.r.l.',
    });
  });

  it('ignores customer.updated for a customer no account holds', async () => {
    const { userId } = await subscribed();
    stripe.customers.set('cus_stranger', { id: 'cus_stranger', object: 'customer', metadata: {} });
    const stranger = stripe.fillBillingDetails('cus_stranger', {
      address: { line1: 'Elsewhere 9', city: 'Wien', postal_code: '1010', country: 'AT' },
    });
    expect(await deliver(stripe.event('customer.updated', stranger))).toEqual({ received: true, duplicate: false });
    expect((await summary(userId)).billingCity).toBeNull();
  });

  it('sends the SDI code as customer metadata and as the invoices’ custom field, and clears it', async () => {
    const { userId, customerId } = await subscribed();
    const answer = await billing.bus.request(requests.billing.setBillingDetails, { userId, sdi: ' m5uxcr1 ' });
    expect(answer.sdi).toBe('M5UXCR1');
    expect(stripe.customers.get(customerId)).toMatchObject({
      metadata: { userId, sdi: 'M5UXCR1' },
      invoice_settings: { custom_fields: [{ name: 'SDI', value: 'M5UXCR1' }] },
    });
    await billing.bus.request(requests.billing.setBillingDetails, { userId, sdi: '' });
    expect((await summary(userId)).sdi).toBeNull();
    expect(stripe.customers.get(customerId)).toMatchObject({
      metadata: { sdi: '' },
      invoice_settings: { custom_fields: null },
    });
    await expect(billing.bus.request(requests.billing.setBillingDetails, { userId, sdi: 'ABC' })).rejects.toMatchObject(
      {
        status: 400,
      },
    );
  });

  it('previews a switch with Stripe’s prorated amount and the new monthly price, and changes nothing', async () => {
    const { userId, subscriptionId } = await subscribed();
    // Half of a 31-day March has gone (15.5 days): half of the difference is due for the rest of it.
    clock.set('2025-03-16T12:00:00.000Z');
    await consume(userId, 'b1');
    const quote = await preview(userId, 'professional');
    expect(quote).toEqual({
      from: 'starter',
      to: 'professional',
      currency: 'eur',
      proratedAmount: 20,
      newMonthlyAmount: 70,
      nextBillingDate: '2025-04-01T00:00:00.000Z',
      booksLeftAfter: null,
      coversLeftAfter: null,
      translationsLeftAfter: null,
    });
    const asked = stripe.calls.find((c) => c.path === '/v1/invoices/create_preview');
    expect(asked?.body).toMatchObject({
      subscription: subscriptionId,
      subscription_details: {
        items: [{ id: stripe.subscription(subscriptionId).itemId, price: prices.professional }],
        proration_behavior: 'create_prorations',
      },
    });
    expect(stripe.subscription(subscriptionId).price).toBe(prices.starter);
    expect((await summary(userId)).accountType).toBe('starter');

    await expect(preview(userId, 'starter')).rejects.toMatchObject({
      status: 409,
      message: billingMessages.alreadyOnPlan,
    });
    await expect(preview(newUserId(), 'starter')).rejects.toMatchObject({
      status: 409,
      message: billingMessages.noPlanToSwitch,
    });
  });

  it('keeps what the month used across switches: starter → professional → starter gives no fresh books', async () => {
    const { userId, subscriptionId } = await subscribed();
    for (const key of ['b1', 'b2', 'b3']) await consume(userId, key);
    expect((await summary(userId)).booksLeftThisMonth).toBe(7);

    await checkout(userId, 'professional');
    expect(await summary(userId)).toMatchObject({ accountType: 'professional', booksLeftThisMonth: null });
    for (const key of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) await consume(userId, key);

    // Back to starter in the same month: 11 books used, starter allows 10.
    expect(await preview(userId, 'starter')).toMatchObject({ booksLeftAfter: 0, coversLeftAfter: 10 });
    await checkout(userId, 'starter');
    expect(await summary(userId)).toMatchObject({
      accountType: 'starter',
      booksLeftThisMonth: 0,
      coversLeftThisMonth: 10,
      translationsLeftThisMonth: 5,
    });
    // Stripe's notice of the switch, and a redelivery, give nothing back either.
    await deliver(
      stripe.event('customer.subscription.updated', stripe.subscriptionJson(stripe.subscription(subscriptionId))),
    );
    expect((await summary(userId)).booksLeftThisMonth).toBe(0);
    await expect(consume(userId, 'after')).rejects.toMatchObject({ status: 403 });

    // The next paid period starts full.
    clock.set('2025-04-01T00:00:00.000Z');
    const renewed = stripe.renew(subscriptionId, 'paid');
    await deliver(stripe.event('invoice.paid', renewed.invoice));
    expect((await summary(userId)).booksLeftThisMonth).toBe(10);
  });
});
