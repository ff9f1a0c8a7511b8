import { render, screen, waitFor } from '@testing-library/react';
import fc from 'fast-check';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { plans } from '@bookwright/contracts/http';
import { type PlanPrices } from '@bookwright/contracts/bus';
import { makeStore } from '../../app/store';
import { mockFetch, resetAfterEach } from '../../test/utils';
import { formatAmount, formatPlanPrice, planPricesFrom, usePlanPrices } from './planPrices';

resetAfterEach();

const answer = (starter: unknown, professional: unknown, provider: 'local' | 'stripe' = 'stripe') =>
  ({
    provider,
    currency: 'eur',
    plans: [
      { accountType: 'starter', amount: starter, label: 'Starter' },
      { accountType: 'professional', amount: professional, label: 'Professional' },
    ],
  }) as PlanPrices;

describe('planPricesFrom', () => {
  it("answers billing's configured prices, and whether the plans are local", () => {
    expect(planPricesFrom(answer(25, 65, 'local'))).toMatchObject({
      local: true,
      prices: { starter: 25, professional: 65 },
    });
    const view = planPricesFrom(answer(19.5, 49));
    expect([view.local, view.priceOf('starter'), view.priceOf('professional')]).toEqual([false, 19.5, 49]);
  });

  it("answers the configuration's defaults before billing answers, and for anything not a price", () => {
    const defaults = { starter: plans.starter.priceEur, professional: plans.professional.priceEur };
    expect(planPricesFrom(undefined)).toMatchObject({ local: false, prices: defaults });
    for (const bad of [null, '30', -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(planPricesFrom(answer(bad, bad)).prices).toEqual(defaults);
    expect(planPricesFrom({ provider: 'stripe', currency: 'eur', plans: [] }).prices).toEqual(defaults);
  });

  it('always answers a price for both plans, and the configured one whenever it is a price', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (starter, professional) => {
        const { prices } = planPricesFrom(answer(starter, professional));
        const valid = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
        expect(prices.starter).toBe(valid(starter) ? starter : plans.starter.priceEur);
        expect(prices.professional).toBe(valid(professional) ? professional : plans.professional.priceEur);
      }),
    );
  });
});

describe('formatPlanPrice', () => {
  it('writes whole euros without cents and other amounts with them', () => {
    expect(formatPlanPrice(30)).toBe('€30');
    expect(formatPlanPrice(29.5)).toBe('€29.50');
    expect(formatPlanPrice(1200)).toBe('€1,200');
  });

  it('writes amounts charged always with cents', () => {
    expect(formatAmount(30)).toBe('€30.00');
    expect(formatAmount(22.58)).toBe('€22.58');
  });
});

function Shown() {
  const { local, priceOf } = usePlanPrices();
  return (
    <p>
      {formatPlanPrice(priceOf('starter'))} {formatPlanPrice(priceOf('professional'))} {local ? 'local' : 'paid'}
    </p>
  );
}

describe('usePlanPrices', () => {
  it('shows the defaults at once, then the prices GET /payment/plans answers', async () => {
    mockFetch({ 'GET /payment/plans': () => ({ status: 200, body: { data: answer(25, 65, 'local') } }) });
    render(
      <Provider store={makeStore()}>
        <Shown />
      </Provider>,
    );
    expect(screen.getByText(`€${plans.starter.priceEur} €${plans.professional.priceEur} paid`)).toBeTruthy();
    expect(await screen.findByText('€25 €65 local')).toBeTruthy();
  });

  it('keeps the defaults when billing cannot answer', async () => {
    const calls = mockFetch({ 'GET /payment/plans': () => ({ status: 503, body: { msg: 'Service unavailable' } }) });
    render(
      <Provider store={makeStore()}>
        <Shown />
      </Provider>,
    );
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/payment/plans'))).toBe(true));
    expect(screen.getByText(`€${plans.starter.priceEur} €${plans.professional.priceEur} paid`)).toBeTruthy();
  });
});
