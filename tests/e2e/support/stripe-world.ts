import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startStripeServer, type StripeServer } from '@bookwright/billing/testing';
import { started } from './started';
import { useBrowserWorld, type BrowserWorld } from './world';

const webhookSecret = 'whsec_e2e';
const prices = { starter: 'price_e2e_starter', professional: 'price_e2e_professional' };

/** A browser world paying through the local Stripe-like server. */
export interface StripeBrowserWorld extends BrowserWorld {
  readonly stripe: StripeServer;
  /** Stripe tells the app of an event, signed, as its webhooks do; throws unless the app takes it (200). */
  deliver(type: string, object: Parameters<StripeServer['event']>[1]): Promise<void>;
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
    async deliver(type, object) {
      const server = started(stripe, 'Stripe-like server');
      const delivery = server.event(type, object);
      const answer = await fetch(server.webhookUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        body: delivery.payload,
      });
      if (answer.status !== 200) throw new Error(`the app answered Stripe's ${type} with ${answer.status}`);
    },
  };
}

/**
 * A new author signs up on the sign-up form for Starter (`/signup?accountType=starter`; opened here unless the
 * page is on it already, as a plan's button leaves it) and pays on the Stripe-like Checkout, straight from the
 * form with no plan page in between: the page ends on /app/success.
 */
export async function signUpAndPayForStarter(page: Page, world: StripeBrowserWorld): Promise<void> {
  const form = `${world.system.url}/signup?accountType=starter`;
  if (page.url() !== form) await page.goto(form);
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(`ada.${randomBytes(4).toString('hex')}@example.com`);
  await page.getByLabel('Password').fill('quill and parchment');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${world.stripe.url}/checkout/**`);
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL(`${world.system.url}/app/success?session_id=cs_*`);
}
