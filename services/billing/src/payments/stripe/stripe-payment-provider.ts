import type Stripe from 'stripe';
import { AppError } from '@bookwright/contracts/http';
import { billingMessages, type Invoice } from '@bookwright/contracts/bus';
import { applySubscription } from '../../domain/apply-subscription';
import { planChangedUrl } from '../local-payment-provider';
import { liveSubscriptionStatuses } from '../../domain/subscription-status';
import { accountsRepository } from '../../repositories/accounts.repository';
import type { BillingCustomer, PaymentProvider } from '../payment-provider';
import { createStripeClient } from './stripe-client';
import type { StripeProviderDeps } from './stripe-provider-deps';
import { previewTotals } from './stripe-invoice-lines';
import { stripeSeats } from './stripe-seats';
import { snapshotOf } from './stripe-subscription';
import { receiveStripeWebhook } from './stripe-webhook';

const fromUnix = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function presentInvoice(invoice: Stripe.Invoice): Invoice {
  const line = invoice.lines?.data[0];
  return {
    id: invoice.id ?? '',
    number: invoice.number ?? invoice.id ?? '',
    date: new Date(invoice.created * 1000).toISOString(),
    periodStart: fromUnix(line?.period.start ?? invoice.period_start)?.toISOString() ?? null,
    periodEnd: fromUnix(line?.period.end ?? invoice.period_end)?.toISOString() ?? null,
    amount: invoice.total / 100,
    status: invoice.status ?? 'draft',
    hostedUrl: invoice.hosted_invoice_url ?? null,
    pdfUrl: invoice.invoice_pdf ?? null,
  };
}

/** The label of the SDI code on invoices (Codice Destinatario). */
export const sdiInvoiceFieldName = 'SDI';

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resource_missing';

/**
 * Stripe subscriptions: Checkout for the first payment, a prorated price switch for a plan change, the
 * Billing Portal for everything else. The account follows Stripe through webhooks (stripe-webhook.ts).
 */
export function createStripePaymentProvider(deps: StripeProviderDeps): PaymentProvider {
  const { config, db, logger } = deps;
  const stripe = deps.stripe ?? createStripeClient(config);

  async function customerIdFor(userId: string, known: string | null): Promise<string> {
    if (known) return known;
    // The idempotency key makes a double click create one customer, not two.
    const created = await stripe.customers.create(
      { metadata: { userId } },
      { idempotencyKey: `bookwright-customer-${userId}` },
    );
    // Someone else may have stored one first: then theirs is used.
    return accountsRepository.claimStripeCustomer(db, { userId, customerId: created.id, now: deps.now() });
  }

  async function liveSubscription(customer: BillingCustomer): Promise<Stripe.Subscription | null> {
    if (!customer.stripeSubscriptionId || !liveSubscriptionStatuses.has(customer.subscriptionStatus ?? '')) return null;
    const current = await stripe.subscriptions.retrieve(customer.stripeSubscriptionId);
    return liveSubscriptionStatuses.has(current.status) ? current : null;
  }

  return {
    name: 'stripe',

    async startCheckout(customer, accountType) {
      const price = config.prices[accountType];
      if (customer.stripeSubscriptionId && liveSubscriptionStatuses.has(customer.subscriptionStatus ?? '')) {
        const current = await stripe.subscriptions.retrieve(customer.stripeSubscriptionId);
        const item = current.items.data[0];
        if (liveSubscriptionStatuses.has(current.status) && item) {
          // Choosing a plan again also takes back a pending cancellation.
          const changed =
            item.price.id !== price || current.cancel_at_period_end
              ? await stripe.subscriptions.update(current.id, {
                  items: [{ id: item.id, price }],
                  proration_behavior: 'create_prorations',
                  cancel_at_period_end: false,
                  metadata: { userId: customer.userId },
                })
              : current;
          const applied = await db
            .transaction()
            .execute((trx) =>
              applySubscription(trx, customer.userId, snapshotOf(changed, config.prices), {}, deps.now()),
            );
          if (applied) deps.relay.kick();
          logger.info({ userId: customer.userId, accountType }, 'Stripe subscription switched to another plan');
          return { url: planChangedUrl, provider: 'stripe', msg: 'Your plan was changed' };
        }
      }

      const customerId = await customerIdFor(customer.userId, customer.stripeCustomerId);
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customerId,
        client_reference_id: customer.userId,
        line_items: [{ price, quantity: 1 }],
        success_url: new URL('/app/success?session_id={CHECKOUT_SESSION_ID}', config.publicUrl)
          .toString()
          .replace('%7BCHECKOUT_SESSION_ID%7D', '{CHECKOUT_SESSION_ID}'),
        cancel_url: new URL('/choose-plan', config.publicUrl).toString(),
        metadata: { userId: customer.userId },
        subscription_data: { metadata: { userId: customer.userId } },
        // What an invoice to a business needs: the address, the company's name and its VAT number. Checkout
        // saves them on the customer (customer_update), and the webhooks copy them to the account.
        billing_address_collection: 'required',
        tax_id_collection: { enabled: true },
        name_collection: { business: { enabled: true, optional: true } },
        customer_update: { address: 'auto', name: 'auto' },
      });
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { url: session.url, provider: 'stripe', msg: 'Continue to Stripe Checkout to pay' };
    },

    async previewSwitch(customer, accountType) {
      const subscription = await liveSubscription(customer);
      const item = subscription?.items.data[0];
      if (!subscription || !item) throw new AppError(409, billingMessages.noPlanToSwitch);
      const preview = await stripe.invoices.createPreview({
        customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: item.id, price: config.prices[accountType] }],
          proration_behavior: 'create_prorations',
        },
      });
      const { prorated, recurring } = previewTotals(preview, config.seatPrice);
      return { proratedAmount: prorated / 100, newMonthlyAmount: recurring > 0 ? recurring / 100 : null };
    },

    async setSdi(customer, sdi) {
      if (!customer.stripeCustomerId) return;
      // Stripe prints an invoice's custom fields on the invoice and its PDF; the customer's defaults apply
      // to every invoice created from now on. An empty string clears the list.
      await stripe.customers.update(customer.stripeCustomerId, {
        metadata: { sdi: sdi ?? '' },
        invoice_settings: { custom_fields: sdi ? [{ name: sdiInvoiceFieldName, value: sdi }] : '' },
      });
      logger.info({ userId: customer.userId, sdi: sdi !== null }, 'SDI code sent to Stripe');
    },

    async openPortal(customer) {
      if (!customer.stripeCustomerId) throw new AppError(400, billingMessages.noSubscription);
      const session = await stripe.billingPortal.sessions.create({
        customer: customer.stripeCustomerId,
        return_url: new URL(planChangedUrl, config.publicUrl).toString(),
      });
      return { url: session.url };
    },

    async setCancellation(customer, cancel) {
      if (!customer.stripeSubscriptionId) throw new AppError(409, billingMessages.noPlanToCancel);
      const updated = await stripe.subscriptions.update(customer.stripeSubscriptionId, {
        cancel_at_period_end: cancel,
      });
      // Shown at once rather than when the customer.subscription.updated webhook arrives (which then
      // changes nothing): the author who clicked sees the result of the click.
      const applied = await db
        .transaction()
        .execute((trx) => applySubscription(trx, customer.userId, snapshotOf(updated, config.prices), {}, deps.now()));
      if (applied) deps.relay.kick();
      logger.info({ userId: customer.userId, cancel }, 'Stripe subscription cancellation at period end changed');
    },

    async listInvoices(customer) {
      if (!customer.stripeCustomerId) return [];
      const page = await stripe.invoices.list({ customer: customer.stripeCustomerId, limit: 24 });
      return page.data.map(presentInvoice).sort((a, b) => b.date.localeCompare(a.date));
    },

    async cancelImmediately(customer) {
      if (!customer.stripeSubscriptionId) return;
      try {
        const subscription = await stripe.subscriptions.retrieve(customer.stripeSubscriptionId);
        if (!liveSubscriptionStatuses.has(subscription.status) && subscription.status !== 'incomplete') return;
        await stripe.subscriptions.cancel(subscription.id, { prorate: false });
        logger.info({ userId: customer.userId }, 'Stripe subscription cancelled at once');
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
    },

    ...stripeSeats({ stripe, config, logger }, liveSubscription),

    receiveWebhook: (payload, signature) => receiveStripeWebhook({ ...deps, stripe }, payload, signature),
  };
}
