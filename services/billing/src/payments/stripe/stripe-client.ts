import Stripe from 'stripe';
import type { StripeConfig } from '../../config';

/**
 * The SDK, pointed at Stripe or, with STRIPE_API_URL, at a Stripe-compatible server (stripe-mock, the
 * tests' local server) through the SDK's own host, port and protocol options.
 */
export function createStripeClient(config: Pick<StripeConfig, 'secretKey' | 'apiUrl'>): Stripe {
  const options: ConstructorParameters<typeof Stripe>[1] = {
    maxNetworkRetries: 2,
    // Webhooks re-read the subscription while Stripe waits for the answer: never hang on it.
    timeout: 10_000,
    appInfo: { name: 'Bookwright' },
  };
  if (config.apiUrl) {
    const url = new URL(config.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    options.host = url.hostname;
    options.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
    options.protocol = protocol;
  }
  return new Stripe(config.secretKey, options);
}
