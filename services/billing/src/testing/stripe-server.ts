import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/*
 * A small Stripe-like HTTP server for tests: it speaks the parts of the Stripe API billing calls
 * (customers create/retrieve/update, checkout and billing portal sessions, subscriptions
 * retrieve/update/cancel with their items' prices and quantities, invoices list and the upcoming-invoice
 * preview with its prorations),
 * in Stripe's wire format, so the real `stripe` SDK can be pointed at it through STRIPE_API_URL. What a
 * customer does on Stripe's own pages (paying, a failed renewal, cancelling in the portal) is played by
 * the control methods, which also build the signed webhook the real Stripe would send.
 */

type Json = Record<string, unknown>;

export interface StripeSubscriptionRecord {
  id: string;
  customer: string;
  price: string;
  itemId: string;
  status: string;
  /** Billing cycle anchor, and how many periods have been billed since. */
  anchor: number;
  cycles: number;
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  /** A cancellation date set on its own (Stripe's `cancel_at`), rather than by cancel_at_period_end. */
  cancelAt?: number | null;
  latestInvoice: string | null;
  metadata: Record<string, string>;
  /** Items after the plan's, each a quantity of a price (an Enterprise plan's workspace seats). */
  addons?: StripeAddonItem[];
}

export interface StripeAddonItem {
  id: string;
  price: string;
  quantity: number;
  metadata: Record<string, string>;
}

/** An item of a subscription update or preview, as the SDK encodes it (numbers arrive as text). */
interface ItemParams {
  id?: string;
  price?: string;
  quantity?: string;
  metadata?: Record<string, string>;
}

export interface StripeInvoiceRecord {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  created: number;
  periodStart: number;
  periodEnd: number;
  total: number;
  status: 'paid' | 'open';
  billingReason: string;
}

export interface StripeServerOptions {
  /** Signs webhooks; must be the billing service's STRIPE_WEBHOOK_SECRET. */
  webhookSecret: string;
  /** Amount in cents of each price id (invoices). */
  prices: Record<string, number>;
  /** The clock of subscription periods; tests share it with the billing service. */
  now?: () => Date;
}

/** A form body as Stripe's SDK encodes it (`a[b][0][c]=v`), back into objects and arrays. */
function parseForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= /^\d+$/.test(path[index + 1] ?? '') ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

/** `months` after the billing anchor, the day clamped to the month's end, as Stripe bills (31 Jan → 28 Feb → 31 Mar). */
const monthsAfter = (anchor: number, months: number) => {
  const date = new Date(anchor * 1000);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
  return Math.floor(target.getTime() / 1000);
};

export class StripeServer {
  readonly customers = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, StripeSubscriptionRecord>();
  readonly invoices = new Map<string, StripeInvoiceRecord>();
  /** Every call the server received, in order (method, path, parsed body). */
  readonly calls: { method: string; path: string; body: Json }[] = [];
  private readonly server: Server;
  private readonly sdk = new Stripe('sk_test_signing_only');
  private counter = 0;
  url = '';
  /**
   * For browser tests: where the Checkout page delivers its signed webhooks (the app's
   * /api/v1/payment/webhook), and the origin it sends the browser back to (the app's real address, when
   * PUBLIC_URL cannot know the test's port).
   */
  webhookUrl: string | undefined;
  returnOrigin: string | undefined;

  constructor(private readonly options: StripeServerOptions) {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private nextId(prefix: string) {
    this.counter += 1;
    return `${prefix}_test${String(this.counter).padStart(6, '0')}`;
  }

  private nowSeconds() {
    return Math.floor((this.options.now?.() ?? new Date()).getTime() / 1000);
  }

  // ---- What Stripe's own pages and clock would do --------------------------------------------------

  /** The customer pays on the Checkout page: the subscription starts, its first invoice is paid. */
  completeCheckout(sessionId: string): { session: Json; subscription: Json; invoice: Json } {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const start = this.nowSeconds();
    const lineItems = session.line_items as { price: string }[];
    const subscription: StripeSubscriptionRecord = {
      id: this.nextId('sub'),
      customer: session.customer as string,
      price: lineItems[0]!.price,
      itemId: this.nextId('si'),
      status: 'active',
      anchor: start,
      cycles: 0,
      periodStart: start,
      periodEnd: monthsAfter(start, 1),
      cancelAtPeriodEnd: false,
      latestInvoice: null,
      metadata: ((session.subscription_data as Json | undefined)?.metadata as Record<string, string>) ?? {},
    };
    this.subscriptions.set(subscription.id, subscription);
    const invoice = this.invoice(subscription, 'paid', 'subscription_create');
    Object.assign(session, { status: 'complete', subscription: subscription.id });
    return {
      session: { ...session },
      subscription: this.subscriptionJson(subscription),
      invoice: this.invoiceJson(invoice),
    };
  }

  /** The period ends and Stripe bills the next one: paid, or failed (the subscription goes past due). */
  renew(subscriptionId: string, outcome: 'paid' | 'failed'): { subscription: Json; invoice: Json } {
    const subscription = this.subscription(subscriptionId);
    subscription.cycles += 1;
    subscription.periodStart = subscription.periodEnd;
    subscription.periodEnd = monthsAfter(subscription.anchor, subscription.cycles + 1);
    const invoice = this.invoice(subscription, outcome === 'paid' ? 'paid' : 'open', 'subscription_cycle');
    subscription.status = outcome === 'paid' ? 'active' : 'past_due';
    return { subscription: this.subscriptionJson(subscription), invoice: this.invoiceJson(invoice) };
  }

  /** A later retry of an open invoice succeeds. */
  payInvoice(invoiceId: string): { subscription: Json; invoice: Json } {
    const invoice = this.invoices.get(invoiceId);
    if (!invoice) throw new Error(`no invoice ${invoiceId}`);
    invoice.status = 'paid';
    const subscription = this.subscription(invoice.subscription);
    subscription.status = 'active';
    return { subscription: this.subscriptionJson(subscription), invoice: this.invoiceJson(invoice) };
  }

  /** The customer cancels in the Billing Portal: the subscription runs to its period end. */
  cancelAtPeriodEnd(subscriptionId: string): Json {
    const subscription = this.subscription(subscriptionId);
    subscription.cancelAtPeriodEnd = true;
    return this.subscriptionJson(subscription);
  }

  /** The period of a subscription set to cancel has ended. */
  endSubscription(subscriptionId: string): Json {
    const subscription = this.subscription(subscriptionId);
    subscription.status = 'canceled';
    return this.subscriptionJson(subscription);
  }

  /**
   * The customer fills in Checkout's billing fields (or edits them in the portal): Stripe saves them on
   * the customer, and sends customer.updated with it.
   */
  fillBillingDetails(
    customerId: string,
    details: { name?: string; businessName?: string; address?: Json; taxId?: string },
  ): Json {
    const customer = this.customers.get(customerId);
    if (!customer) throw new Error(`no customer ${customerId}`);
    Object.assign(customer, {
      ...(details.name !== undefined ? { name: details.name } : {}),
      ...(details.businessName !== undefined ? { business_name: details.businessName } : {}),
      ...(details.address !== undefined ? { address: details.address } : {}),
      ...(details.taxId !== undefined
        ? { taxIds: [{ id: this.nextId('txi'), object: 'tax_id', type: 'eu_vat', value: details.taxId }] }
        : {}),
    });
    return this.customerJson(customer, '');
  }

  customerJson(customer: Json, expand: string): Json {
    const { taxIds, ...rest } = customer as Json & { taxIds?: Json[] };
    return {
      ...rest,
      tax_ids:
        expand === 'tax_ids'
          ? { object: 'list', data: taxIds ?? [], has_more: false, url: `/v1/customers/${String(customer.id)}/tax_ids` }
          : undefined,
    };
  }

  /**
   * Stripe's upcoming-invoice preview of a price switch or of an item's new quantity: a credit for the
   * unused time of what is replaced, a charge for the rest of the period at the new price or quantity (both
   * prorated by the second, from `proration_date` when given), and the next period as it will be billed.
   */
  private previewInvoice(
    body: Json,
    send: (status: number, json: Json) => void,
    missing: (what: string) => void,
  ): void {
    const subscription = this.subscriptions.get(String(body.subscription));
    if (!subscription) return missing('subscription');
    const details = body.subscription_details as { items?: ItemParams[]; proration_date?: string } | undefined;
    const items = details?.items ?? [];
    const newPrice = items.find((item) => item.id === subscription.itemId)?.price ?? subscription.price;
    const now = details?.proration_date ? Number(details.proration_date) : this.nowSeconds();
    const share = Math.max(0, subscription.periodEnd - now) / (subscription.periodEnd - subscription.periodStart);
    const amountOf = (price: string) => this.options.prices[price] ?? 0;
    const nextEnd = monthsAfter(subscription.anchor, subscription.cycles + 2);
    const line = (item: { id: string; price: string; quantity: number }, amount: number, proration: boolean) => ({
      id: this.nextId('il'),
      object: 'line_item',
      amount,
      quantity: item.quantity,
      period: proration ? { start: now, end: subscription.periodEnd } : { start: subscription.periodEnd, end: nextEnd },
      pricing: { type: 'price_details', price_details: { price: item.price, product: `prod_${item.price}` } },
      parent: {
        type: 'subscription_item_details',
        subscription_item_details: { subscription: subscription.id, subscription_item: item.id, proration },
      },
    });
    const plan = { id: subscription.itemId, price: subscription.price, quantity: 1 };
    const lines =
      newPrice === subscription.price
        ? []
        : [
            line(plan, -Math.round(amountOf(subscription.price) * share), true),
            line({ ...plan, price: newPrice }, Math.round(amountOf(newPrice) * share), true),
          ];
    const addons = this.addonsAfter(subscription, items);
    for (const { before, after } of addons) {
      if (before.quantity === after.quantity) continue;
      if (before.quantity > 0)
        lines.push(line(before, -Math.round(amountOf(before.price) * before.quantity * share), true));
      if (after.quantity > 0) lines.push(line(after, Math.round(amountOf(after.price) * after.quantity * share), true));
    }
    lines.push(line({ ...plan, price: newPrice }, amountOf(newPrice), false));
    for (const { after } of addons)
      if (after.quantity > 0) lines.push(line(after, amountOf(after.price) * after.quantity, false));
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    send(200, {
      id: null,
      object: 'invoice',
      customer: subscription.customer,
      currency: 'eur',
      total,
      amount_due: Math.max(0, total),
      lines: { object: 'list', data: lines, has_more: false },
    });
  }

  /** Each add-on item before and after `items` (new ones from quantity 0), as a preview would apply them. */
  private addonsAfter(subscription: StripeSubscriptionRecord, items: ItemParams[]) {
    const current = (subscription.addons ?? []).map((addon) => ({ before: addon, after: { ...addon } }));
    for (const item of items) {
      if (item.id === subscription.itemId) continue;
      const known = current.find((entry) => entry.before.id === item.id);
      if (known) {
        if (item.quantity !== undefined) known.after.quantity = Number(item.quantity);
      } else if (item.price) {
        const id = item.id ?? 'si_preview';
        const quantity = Number(item.quantity ?? 1);
        current.push({
          before: { id, price: item.price, quantity: 0, metadata: {} },
          after: { id, price: item.price, quantity, metadata: {} },
        });
      }
    }
    return current;
  }

  /** A subscription update's item: the plan's price switch, an add-on's new quantity, or a new add-on. */
  private updateItem(subscription: StripeSubscriptionRecord, item: ItemParams): void {
    if (item.id === subscription.itemId) {
      if (item.price) subscription.price = item.price;
      return;
    }
    const addons = (subscription.addons ??= []);
    const known = addons.find((addon) => addon.id === item.id);
    if (known) {
      if (item.quantity !== undefined) known.quantity = Number(item.quantity);
      if (item.metadata) known.metadata = { ...known.metadata, ...item.metadata };
    } else if (item.price) {
      addons.push({
        id: this.nextId('si'),
        price: item.price,
        quantity: Number(item.quantity ?? 1),
        metadata: item.metadata ?? {},
      });
    }
  }

  /** A Stripe event around `object`, with the body and the Stripe-Signature header to POST. */
  event(type: string, object: Json, id = this.nextId('evt')): { id: string; payload: string; signature: string } {
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: this.nowSeconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object },
    });
    const signature = this.sdk.webhooks.generateTestHeaderString({ payload, secret: this.options.webhookSecret });
    return { id, payload, signature };
  }

  subscription(id: string): StripeSubscriptionRecord {
    const subscription = this.subscriptions.get(id);
    if (!subscription) throw new Error(`no subscription ${id}`);
    return subscription;
  }

  private invoice(subscription: StripeSubscriptionRecord, status: 'paid' | 'open', billingReason: string) {
    const invoice: StripeInvoiceRecord = {
      id: this.nextId('in'),
      number: `BW-${String(this.invoices.size + 1).padStart(4, '0')}`,
      customer: subscription.customer,
      subscription: subscription.id,
      created: this.nowSeconds(),
      periodStart: subscription.periodStart,
      periodEnd: subscription.periodEnd,
      total:
        (this.options.prices[subscription.price] ?? 0) +
        (subscription.addons ?? []).reduce((sum, a) => sum + (this.options.prices[a.price] ?? 0) * a.quantity, 0),
      status,
      billingReason,
    };
    this.invoices.set(invoice.id, invoice);
    subscription.latestInvoice = invoice.id;
    return invoice;
  }

  // ---- Wire format ---------------------------------------------------------------------------------

  subscriptionJson(s: StripeSubscriptionRecord): Json {
    return {
      id: s.id,
      object: 'subscription',
      customer: s.customer,
      status: s.status,
      cancel_at_period_end: s.cancelAtPeriodEnd,
      // Newer API versions also date a cancellation at period end.
      cancel_at: s.cancelAt ?? (s.cancelAtPeriodEnd ? s.periodEnd : null),
      latest_invoice: s.latestInvoice,
      metadata: s.metadata,
      items: {
        object: 'list',
        data: [
          {
            id: s.itemId,
            object: 'subscription_item',
            price: { id: s.price, object: 'price', unit_amount: this.options.prices[s.price] ?? 0, currency: 'eur' },
            quantity: 1,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
          },
          ...(s.addons ?? []).map((addon) => ({
            id: addon.id,
            object: 'subscription_item',
            price: {
              id: addon.price,
              object: 'price',
              unit_amount: this.options.prices[addon.price] ?? 0,
              currency: 'eur',
            },
            quantity: addon.quantity,
            metadata: addon.metadata,
            current_period_start: s.periodStart,
            current_period_end: s.periodEnd,
          })),
        ],
        has_more: false,
      },
    };
  }

  invoiceJson(i: StripeInvoiceRecord): Json {
    const subscription = this.subscriptions.get(i.subscription);
    return {
      id: i.id,
      object: 'invoice',
      number: i.number,
      customer: i.customer,
      created: i.created,
      period_start: i.periodStart,
      period_end: i.periodEnd,
      total: i.total,
      currency: 'eur',
      status: i.status,
      billing_reason: i.billingReason,
      hosted_invoice_url: `${this.url}/invoices/${i.id}`,
      invoice_pdf: `${this.url}/invoices/${i.id}.pdf`,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: i.subscription, metadata: subscription?.metadata ?? {} },
      },
      lines: {
        object: 'list',
        data: [{ id: `il_${i.id}`, object: 'line_item', period: { start: i.periodStart, end: i.periodEnd } }],
        has_more: false,
      },
    };
  }

  /** The hosted Checkout page, as a browser sees it: a Pay button that pays, notifies the app and returns. */
  private async checkoutPage(sessionId: string, pay: boolean, response: ServerResponse): Promise<void> {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end('<!doctype html><title>Not found</title><h1>No such checkout session</h1>');
    }
    if (!pay) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end(
        `<!doctype html><title>Checkout (test)</title><h1>Pay Bookwright</h1>` +
          `<form method="post" action="/checkout/${sessionId}/pay"><button type="submit">Pay</button></form>`,
      );
    }
    const paid = this.completeCheckout(sessionId);
    if (this.webhookUrl) {
      for (const [type, object] of [
        ['checkout.session.completed', paid.session],
        ['invoice.paid', paid.invoice],
      ] as const) {
        const delivery = this.event(type, object);
        const answer = await fetch(this.webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
          body: delivery.payload,
        });
        if (!answer.ok) throw new Error(`the app refused the ${type} webhook: ${answer.status}`);
      }
    }
    const success = new URL(String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId));
    const target = this.returnOrigin ? new URL(success.pathname + success.search, this.returnOrigin) : success;
    response.writeHead(303, { location: target.toString() });
    response.end();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of request) raw += String(chunk);
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const body = request.method === 'GET' ? Object.fromEntries(url.searchParams) : parseForm(raw);
    const method = request.method ?? 'GET';
    this.calls.push({ method, path: url.pathname, body });
    const send = (status: number, json: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': this.nextId('req') });
      response.end(JSON.stringify(json));
    };
    const missing = (what: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(url.pathname);
    if (page) return this.checkoutPage(page[1]!, method === 'POST' && page[2] !== undefined, response);
    if (method === 'GET' && url.pathname.startsWith('/portal/')) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void response.end('<!doctype html><title>Billing portal</title><h1>Billing portal (test)</h1>');
    }
    if (!request.headers.authorization?.startsWith('Bearer sk_'))
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });

    const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/v1/customers') {
      const customer = {
        id: this.nextId('cus'),
        object: 'customer',
        metadata: body.metadata ?? {},
        name: null,
        address: null,
        invoice_settings: { custom_fields: null },
      };
      this.customers.set(customer.id, customer);
      return send(200, customer);
    }
    const customerMatch = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (customerMatch) {
      const customer = this.customers.get(customerMatch[1]!);
      if (!customer) return missing('customer');
      if (method === 'POST') {
        if (body.metadata)
          customer.metadata = { ...(customer.metadata as Json), ...(body.metadata as Record<string, string>) };
        const settings = body.invoice_settings as Json | undefined;
        // Stripe's SDK sends an empty string to clear a list.
        if (settings && 'custom_fields' in settings)
          customer.invoice_settings = { custom_fields: settings.custom_fields === '' ? null : settings.custom_fields };
      }
      const expanded = [...url.searchParams].some(([key, value]) => key.startsWith('expand') && value === 'tax_ids');
      return send(200, this.customerJson(customer, expanded ? 'tax_ids' : ''));
    }
    if (method === 'POST' && url.pathname === '/v1/invoices/create_preview') {
      return this.previewInvoice(body, send, missing);
    }
    if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const id = this.nextId('cs');
      const session = {
        ...body,
        id,
        object: 'checkout.session',
        status: 'open',
        subscription: null,
        url: `${this.url}/checkout/${id}`,
      };
      this.checkoutSessions.set(id, session);
      return send(200, session);
    }
    if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!this.customers.has(String(body.customer))) return missing('customer');
      const id = this.nextId('bps');
      return send(200, {
        id,
        object: 'billing_portal.session',
        customer: body.customer,
        url: `${this.url}/portal/${id}`,
      });
    }
    if (subscriptionMatch) {
      const subscription = this.subscriptions.get(subscriptionMatch[1]!);
      if (!subscription) return missing('subscription');
      if (method === 'POST') {
        for (const item of (body.items as ItemParams[] | undefined) ?? []) this.updateItem(subscription, item);
        if (body.cancel_at_period_end !== undefined)
          subscription.cancelAtPeriodEnd = body.cancel_at_period_end === 'true';
        if (body.metadata)
          subscription.metadata = { ...subscription.metadata, ...(body.metadata as Record<string, string>) };
      }
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return send(400, { error: { type: 'invalid_request_error', message: 'already canceled' } });
        subscription.status = 'canceled';
      }
      return send(200, this.subscriptionJson(subscription));
    }
    const invoiceMatch = /^\/v1\/invoices\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && invoiceMatch) {
      const invoice = this.invoices.get(invoiceMatch[1]!);
      return invoice ? send(200, this.invoiceJson(invoice)) : missing('invoice');
    }
    if (method === 'GET' && url.pathname === '/v1/invoices') {
      const data = [...this.invoices.values()]
        .filter((i) => i.customer === body.customer)
        .sort((a, b) => b.created - a.created)
        .map((i) => this.invoiceJson(i));
      return send(200, { object: 'list', url: '/v1/invoices', data, has_more: false });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method} ${url.pathname})` },
    });
  }
}

export async function startStripeServer(options: StripeServerOptions): Promise<StripeServer> {
  return new StripeServer(options).start();
}

/** The Stripe account a test plays: its secret key, webhook secret and the price ids of the two plans. */
export interface StripeTestAccount {
  secretKey: string;
  webhookSecret: string;
  prices: { starter: string; professional: string };
  /** The price of one workspace seat (STRIPE_SEAT_PRICE_ID); absent = seats are not sold through Stripe. */
  seatPrice?: string;
}

export const stripeTestAccount: StripeTestAccount = {
  secretKey: 'sk_test_bookwright',
  webhookSecret: 'whsec_test_bookwright',
  prices: { starter: 'price_starter_test', professional: 'price_professional_test' },
  seatPrice: 'price_seat_test',
};

/** The monthly amount of the test account's seat price, in cents: the configuration's default. */
export const testSeatPriceCents = 1500;

/** A Stripe-like server for `account`, charging 30 and 70 EUR a month (a seat 15), on the test's clock. */
export function startStripeTestServer(account: StripeTestAccount, now: () => Date): Promise<StripeServer> {
  return startStripeServer({
    webhookSecret: account.webhookSecret,
    prices: {
      [account.prices.starter]: 3000,
      [account.prices.professional]: 7000,
      ...(account.seatPrice ? { [account.seatPrice]: testSeatPriceCents } : {}),
    },
    now,
  });
}

/** The billing service's configuration that pays through `server` as `account`. */
export function stripeBillingEnv(server: StripeServer, account: StripeTestAccount): Record<string, string> {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: account.secretKey,
    STRIPE_WEBHOOK_SECRET: account.webhookSecret,
    STRIPE_PRICE_STARTER: account.prices.starter,
    STRIPE_PRICE_PROFESSIONAL: account.prices.professional,
    ...(account.seatPrice ? { STRIPE_SEAT_PRICE_ID: account.seatPrice } : {}),
    STRIPE_API_URL: server.url,
    PUBLIC_URL: 'https://books.example.com',
  };
}
