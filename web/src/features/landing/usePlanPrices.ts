import { useEffect, useState } from 'react';
import { plans } from '@bookwright/contracts';

export type PlanPrices = { starter: number; professional: number };

/** What the pre-rendered page and a failed call show: the defaults of the billing configuration. */
export const defaultPrices: PlanPrices = { starter: plans.starter.priceEur, professional: plans.professional.priceEur };

/** Reads the `GET /payment/plans` answer; anything not of its shape counts as no answer. */
export function pricesFrom(body: unknown): PlanPrices | undefined {
  const list = (body as { data?: { plans?: unknown } } | null)?.data?.plans;
  if (!Array.isArray(list)) return undefined;
  const prices: Partial<PlanPrices> = {};
  for (const entry of list as { accountType?: unknown; amount?: unknown }[]) {
    if ((entry.accountType === 'starter' || entry.accountType === 'professional') && typeof entry.amount === 'number')
      prices[entry.accountType] = entry.amount;
  }
  return prices.starter !== undefined && prices.professional !== undefined ? (prices as PlanPrices) : undefined;
}

/**
 * The plan prices billing charges (one configuration, shown everywhere). A plain fetch rather than the API
 * slice: the landing page stays free of the app's data layer, and any failure keeps the defaults.
 */
export function usePlanPrices(): PlanPrices {
  const [prices, setPrices] = useState(defaultPrices);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/api/v1/payment/plans', { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((response) => (response.ok ? response.json() : undefined))
      .then((body: unknown) => {
        const answer = pricesFrom(body);
        if (answer) setPrices(answer);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return prices;
}
