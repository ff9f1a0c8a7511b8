import { afterAll, beforeAll } from 'vitest';
import { startStripeServer, type StripeServer } from '@bookwright/billing/testing';
import { started } from './started';
import { useBrowserWorld, type BrowserWorld } from './world';

const webhookSecret = 'whsec_e2e';
const prices = { starter: 'price_e2e_starter', professional: 'price_e2e_professional' };

/** A browser world paying through the local Stripe-like server. */
export interface StripeBrowserWorld extends BrowserWorld {
  readonly stripe: StripeServer;
}

/**
 * Starts the Stripe-like server (Starter €30, Professional €70), then the system configured to use it and
 * Chromium; the server's webhooks go to the system, and Checkout returns to it.
 */
export function useStripeBrowserWorld(): StripeBrowserWorld {
  let stripe: StripeServer | undefined;
  beforeAll(async () => {
    stripe = await startStripeServer({
      webhookSecret,
      prices: { [prices.starter]: 3000, [prices.professional]: 7000 },
    });
  });
  afterAll(async () => {
    await stripe?.stop();
  });
  const world = useBrowserWorld(() => ({
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_PRICE_STARTER: prices.starter,
    STRIPE_PRICE_PROFESSIONAL: prices.professional,
    STRIPE_API_URL: started(stripe, 'Stripe-like server').url,
  }));
  beforeAll(() => {
    const server = started(stripe, 'Stripe-like server');
    server.webhookUrl = `${world.system.url}/api/v1/payment/webhook`;
    server.returnOrigin = world.system.url;
  });
  return {
    get system() {
      return world.system;
    },
    get browser() {
      return world.browser;
    },
    get stripe() {
      return started(stripe, 'Stripe-like server');
    },
  };
}
