import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@bookwright/kit';
import { BillingConfigSchema } from './config';
import { createPaymentProvider } from './payments/create-payment-provider';

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

  it('refuses to start in production with the local provider, saying why', () => {
    for (const env of [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', PAYMENT_PROVIDER: 'local' }]) {
      const problems = problemsOf(env);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^PAYMENT_PROVIDER .*without taking any payment.*NODE_ENV=production/);
    }
  });

  it('says the Stripe provider is not available yet', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      expect.stringContaining('PAYMENT_PROVIDER=stripe is not available yet'),
    ]);
    expect(() => createPaymentProvider('stripe', {} as Parameters<typeof createPaymentProvider>[1])).toThrow(
      ConfigError,
    );
  });

  it('rejects an unknown provider', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'paypal' })).toEqual([
      expect.stringMatching(/^PAYMENT_PROVIDER has a bad value/),
    ]);
  });
});
