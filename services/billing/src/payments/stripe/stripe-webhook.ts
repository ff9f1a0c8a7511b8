import type Stripe from 'stripe';
import { AppError } from '@bookwright/contracts/http';
import { billingMessages } from '@bookwright/contracts/bus';
import { applySubscription, type SubscriptionChange } from '../../domain/apply-subscription';
import { applyBillingDetails, type BillingDetails } from '../../domain/billing-details';
import { accountsRepository } from '../../repositories/accounts.repository';
import { webhookEventsRepository } from '../../repositories/webhook-events.repository';
import type { WebhookOutcome } from '../payment-provider';
import type { StripeDeps } from './stripe-provider-deps';
import { snapshotOf } from './stripe-subscription';

/** What an event asks of us: whose account, which subscription to re-read, and what happened to it. */
interface Target {
  userId: string | null;
  customerId: string | null;
  subscriptionId: string;
  change: SubscriptionChange;
  /** The invoice that failed, to tell whether it is still the subscription's latest one. */
  failedInvoiceId?: string;
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as {
    subscription?: string | { id: string } | null;
  };
  return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy.subscription);
}

/** The events we act on; every other type is acknowledged and recorded, and changes nothing. */
function targetOf(event: Stripe.Event): Target | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== 'subscription' || !subscriptionId) return null;
      return {
        userId: session.client_reference_id,
        customerId: idOf(session.customer),
        subscriptionId,
        change: {},
      };
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      return {
        userId: subscription.metadata?.userId ?? null,
        customerId: idOf(subscription.customer),
        subscriptionId: subscription.id,
        change: {},
      };
    }
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscription(invoice);
      if (!subscriptionId) return null;
      const paid = event.type === 'invoice.paid';
      return {
        userId: invoice.parent?.subscription_details?.metadata?.userId ?? null,
        customerId: idOf(invoice.customer),
        subscriptionId,
        change: paid ? { invoicePaid: true } : {},
        ...(paid || !invoice.id ? {} : { failedInvoiceId: invoice.id }),
      };
    }
    default:
      return null;
  }
}

/**
 * One Stripe webhook: the signature is checked on the raw body, the event is applied at most once (its id
 * is stored in the transaction that applies it), and the subscription is re-read from Stripe rather than
 * taken from the event, so events may arrive late, twice, or in any order. One Stripe read and one short
 * transaction: well within Stripe's time limit.
 */
export async function receiveStripeWebhook(
  deps: StripeDeps,
  payload: string,
  signature: string,
): Promise<WebhookOutcome> {
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(payload, signature, deps.config.webhookSecret);
  } catch (error) {
    const signatureError = (error as { type?: unknown }).type === 'StripeSignatureVerificationError';
    // The message only: the error object carries the whole payload and header.
    deps.logger.warn({ reason: (error as Error).message }, 'Stripe webhook refused');
    throw new AppError(400, signatureError ? billingMessages.badWebhookSignature : billingMessages.badWebhookPayload);
  }
  const log = deps.logger.child({
    stripeEventId: event.id,
    stripeEventType: event.type,
  });

  if (await webhookEventsRepository.wasApplied(deps.db, event.id)) {
    log.info('Stripe event already applied');
    return { duplicate: true };
  }

  const target = targetOf(event);
  const userId = target ? await userOf(deps, target) : null;
  const payer = payerOf(event);
  const payerUserId = payer ? await userOf(deps, payer) : null;
  const details = payer?.customerId && payerUserId ? await billingDetailsOf(deps, payer.customerId) : null;
  // Read before the transaction opens: no network call while rows are locked.
  const subscription = target && userId ? await retrieve(deps, target.subscriptionId) : null;
  // A failure counts while that invoice is still the subscription's latest one and still unpaid: a late
  // redelivery after a successful retry must not bring past_due back.
  const stillFailing =
    target?.failedInvoiceId !== undefined &&
    subscription !== null &&
    idOf(subscription.latest_invoice) === target.failedInvoiceId &&
    (await deps.stripe.invoices.retrieve(target.failedInvoiceId)).status === 'open';

  const outcome = await deps.db.transaction().execute(async (trx) => {
    const recorded = await webhookEventsRepository.record(trx, {
      eventId: event.id,
      type: event.type,
      receivedAt: deps.now(),
    });
    if (!recorded) return { duplicate: true, changed: false };
    const detailsChanged =
      details && payerUserId ? await applyBillingDetails(trx, payerUserId, details, deps.now()) : false;
    if (!target || !userId || !subscription) return { duplicate: false, changed: detailsChanged };
    const change: SubscriptionChange = {
      ...target.change,
      ...(stillFailing ? { paymentFailed: true } : {}),
    };
    const changed = await applySubscription(
      trx,
      userId,
      snapshotOf(subscription, deps.config.prices),
      change,
      deps.now(),
    );
    return { duplicate: false, changed: changed || detailsChanged };
  });
  if (outcome.changed) deps.relay.kick();
  log.info({ userId, changed: outcome.changed, duplicate: outcome.duplicate }, 'Stripe event handled');
  return { duplicate: outcome.duplicate };
}

/** The customer whose billing details (address, company, tax id) an event may have changed. */
function payerOf(event: Stripe.Event): Pick<Target, 'userId' | 'customerId'> | null {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      return {
        userId: session.client_reference_id,
        customerId: idOf(session.customer),
      };
    }
    case 'customer.updated': {
      const customer = event.data.object;
      return {
        userId: customer.metadata?.userId ?? null,
        customerId: customer.id,
      };
    }
    default:
      return null;
  }
}

/**
 * The customer's billing details, re-read from Stripe (as subscriptions are): the address Checkout
 * collected, the business name (or the name it saved for a business), and the first tax id's value.
 */
async function billingDetailsOf(deps: StripeDeps, customerId: string): Promise<BillingDetails | null> {
  let customer: Stripe.Customer | Stripe.DeletedCustomer;
  try {
    customer = await deps.stripe.customers.retrieve(customerId, {
      expand: ['tax_ids'],
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === 'resource_missing') return null;
    throw error;
  }
  if (customer.deleted) return null;
  const address = customer.address;
  const taxId = customer.tax_ids?.data[0]?.value ?? null;
  const businessName = (customer as unknown as { business_name?: string | null }).business_name ?? null;
  const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);
  const street = [text(address?.line1), text(address?.line2)].filter(Boolean).join(', ');
  return {
    address: street || null,
    city: text(address?.city),
    state: text(address?.state),
    postalCode: text(address?.postal_code),
    country: text(address?.country),
    // Checkout saves a business buyer's legal name as the customer's name when a tax id comes with it.
    companyName: text(businessName) ?? (taxId ? text(customer.name) : null),
    vatNumber: text(taxId),
  };
}

/** The user an event is about: the id we gave Stripe, else the account holding its customer. */
async function userOf(deps: StripeDeps, target: Pick<Target, 'userId' | 'customerId'>): Promise<string | null> {
  if (target.userId) return target.userId;
  if (!target.customerId) return null;
  return accountsRepository.userIdOfStripeCustomer(deps.db, target.customerId);
}

async function retrieve(deps: StripeDeps, subscriptionId: string): Promise<Stripe.Subscription | null> {
  try {
    return await deps.stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'resource_missing') return null;
    throw error;
  }
}
