import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@bookwright/kit';
import { BillingConfigSchema, stripeConfigOf } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseConfig(BillingConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('billing configuration', () => {
  it('uses the local provider by default outside production', () => {
    expect(parseConfig(BillingConfigSchema, {}).PAYMENT_PROVIDER).toBe('local');
    expect(parseConfig(BillingConfigSchema, { NODE_ENV: 'test', PAYMENT_PROVIDER: 'local' }).PAYMENT_PROVIDER).toBe(
      'local',
    );
  });

  it('prices a workspace seat at 15 euro a month unless configured; the Stripe seat price is optional', () => {
    const config = parseConfig(BillingConfigSchema, {});
    expect(config.SEAT_PRICE_CENTS).toBe(1500);
    expect(config.STRIPE_SEAT_PRICE_ID).toBeUndefined();
    expect(parseConfig(BillingConfigSchema, { SEAT_PRICE_CENTS: '2000' }).SEAT_PRICE_CENTS).toBe(2000);
    expect(problemsOf({ SEAT_PRICE_CENTS: '12.5' })).toHaveLength(1);
    expect(
      stripeConfigOf(
        parseConfig(BillingConfigSchema, {
          PAYMENT_PROVIDER: 'stripe',
          STRIPE_SECRET_KEY: 'sk_test_x',
          STRIPE_WEBHOOK_SECRET: 'whsec_x',
          STRIPE_PRICE_STARTER: 'price_s',
          STRIPE_PRICE_PROFESSIONAL: 'price_p',
          STRIPE_SEAT_PRICE_ID: 'price_seat',
        }),
      ).seatPrice,
    ).toBe('price_seat');
  });

  it('refuses to start in production with the local provider, saying why', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'local' }]) {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(
        /^PAYMENT_PROVIDER .*without taking any payment.*NODE_ENV=production.*STRIPE_SECRET_KEY/,
      );
    }
  });

  it('lists every missing Stripe setting when PAYMENT_PROVIDER=stripe', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY is missing: is required with PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET is missing: is required with PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_STARTER is missing: is required with PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_PROFESSIONAL is missing: is required with PAYMENT_PROVIDER=stripe',
    ]);
    expect(
      problemsOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PRICE_STARTER: 'price_1' }),
    ).toEqual([
      'STRIPE_WEBHOOK_SECRET is missing: is required with PAYMENT_PROVIDER=stripe',
      'STRIPE_PRICE_PROFESSIONAL is missing: is required with PAYMENT_PROVIDER=stripe',
    ]);
  });

  it('takes Stripe when a key is configured, and runs in production with a complete Stripe setup', () => {
    const stripe = {
      STRIPE_SECRET_KEY: 'sk_live_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_PRICE_STARTER: 'price_s',
      STRIPE_PRICE_PROFESSIONAL: 'price_p',
    };
    const config = parseConfig(BillingConfigSchema, { NODE_ENV: 'production', ...stripe });
    expect(config.PAYMENT_PROVIDER).toBe('stripe');
    expect(config.STRIPE_API_URL).toBeUndefined();
    expect(problemsOf({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_1' })).toHaveLength(3);
  });

  it('reads the plan prices, 30 and 70 euro by default, and refuses nonsense', () => {
    expect(parseConfig(BillingConfigSchema, {})).toMatchObject({ PRICE_STARTER_EUR: 30, PRICE_PROFESSIONAL_EUR: 70 });
    expect(parseConfig(BillingConfigSchema, { PRICE_STARTER_EUR: '20' }).PRICE_STARTER_EUR).toBe(20);
    expect(problemsOf({ PRICE_STARTER_EUR: '-5' })).toEqual([
      expect.stringMatching(/^PRICE_STARTER_EUR has a bad value/),
    ]);
    expect(problemsOf({ STRIPE_API_URL: 'not a url' })).toEqual([
      expect.stringMatching(/^STRIPE_API_URL has a bad value/),
    ]);
  });

  it('rejects an unknown provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER has a bad value/),
    ]);
  });
});
