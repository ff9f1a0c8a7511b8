import type Stripe from 'stripe';
import { AppError } from '@bookwright/contracts/http';
import type { Logger } from '@bookwright/kit';
import type { StripeConfig } from '../../config';
import { seatMessages } from '../../domain/seats';
import type { BillingCustomer, PaymentProvider, SeatsQuote } from '../payment-provider';
import { isProration, priceOfLine } from './stripe-invoice-lines';

type SeatsPort = Pick<PaymentProvider, 'previewSeats' | 'setSeats'>;

interface SeatDeps {
  stripe: Stripe;
  config: StripeConfig;
  logger: Logger;
}

/** The subscription that pays for the seats, the seat price, and its item (undefined until seats are bought). */
interface SeatSubscription {
  subscription: Stripe.Subscription;
  price: string;
  item: Stripe.SubscriptionItem | undefined;
}

const customerIdOf = (subscription: Stripe.Subscription) =>
  typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id;

/** The item change that makes the subscription pay for `seats`: the seat item's quantity, or a new item. */
const seatItem = ({ price, item }: SeatSubscription, seats: number) =>
  item ? { id: item.id, quantity: seats } : { price, quantity: seats };

/**
 * What the preview says the seat change costs: the seat prorations dated at `prorationDate` (not the ones
 * an earlier change left pending on the upcoming invoice), and the seat lines of the next period.
 */
function seatsQuoteOf(preview: Stripe.Invoice, price: string, prorationDate: number): SeatsQuote {
  let dueNow = 0;
  let monthly = 0;
  for (const line of preview.lines.data) {
    if (priceOfLine(line) !== price) continue;
    if (!isProration(line)) monthly += line.amount;
    else if (line.period.start === prorationDate) dueNow += line.amount;
  }
  return { dueNow, monthly: monthly > 0 ? monthly : null };
}

/**
 * Workspace seats on Stripe: a quantity of the seat price (STRIPE_SEAT_PRICE_ID) on the Enterprise
 * subscription, changed with proration. The account does not follow it: the book service keeps the limit.
 */
export function stripeSeats(
  deps: SeatDeps,
  liveSubscription: (customer: BillingCustomer) => Promise<Stripe.Subscription | null>,
): SeatsPort {
  const { stripe, config, logger } = deps;

  async function seatSubscription(customer: BillingCustomer): Promise<SeatSubscription> {
    const price = config.seatPrice;
    const subscription = price ? await liveSubscription(customer) : null;
    if (!price || !subscription) {
      const reason = price ? 'the plan has no live Stripe subscription' : 'STRIPE_SEAT_PRICE_ID is not configured';
      logger.warn({ userId: customer.userId, reason }, 'workspace seats cannot be sold through Stripe');
      throw new AppError(409, seatMessages.notSoldOnline);
    }
    return { subscription, price, item: subscription.items.data.find((item) => item.price.id === price) };
  }

  return {
    async previewSeats(customer, change) {
      const seats = await seatSubscription(customer);
      const prorationDate = Math.floor(change.now.getTime() / 1000);
      const preview = await stripe.invoices.createPreview({
        customer: customerIdOf(seats.subscription),
        subscription: seats.subscription.id,
        subscription_details: {
          items: [seatItem(seats, change.seats)],
          proration_behavior: 'create_prorations',
          proration_date: prorationDate,
        },
      });
      return seatsQuoteOf(preview, seats.price, prorationDate);
    },

    async setSeats(customer, { workspaceId, seats: count }) {
      const seats = await seatSubscription(customer);
      if (seats.item?.quantity === count) return;
      await stripe.subscriptions.update(
        seats.subscription.id,
        {
          items: [{ ...seatItem(seats, count), metadata: { workspaceId } }],
          proration_behavior: 'create_prorations',
        },
        // Adding the item twice (a retry, a double click) would bill the seats twice: one request adds it.
        seats.item ? {} : { idempotencyKey: `bookwright-seats-${seats.subscription.id}-add-${count}` },
      );
      logger.info(
        { userId: customer.userId, workspaceId, seats: count, from: seats.item?.quantity ?? 0 },
        'Stripe seat quantity changed (prorated)',
      );
    },
  };
}
