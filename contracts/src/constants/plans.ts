// No zod here: the landing page reads the plans, and this module must not bring zod onto it (issue 12's
// JavaScript budget). The schemas over these lists are in plan-schemas.ts.

/** `"null"` (the string) means the user has no plan yet; the spec's clients test for that string. */
export const accountTypes = ['starter', 'professional', 'enterprise', 'null'] as const;
export type AccountType = (typeof accountTypes)[number];
export const paidAccountTypes = ['starter', 'professional'] as const;

/**
 * `null` allowance = unlimited. `priceEur` is the *default* monthly price in euro: the billing service's
 * configuration (PRICE_STARTER_EUR, PRICE_PROFESSIONAL_EUR) decides the price every screen shows, through
 * GET /payment/plans; the web shows these defaults only until that answers (docs/decisions/0016).
 */
export const plans = {
  starter: { label: 'Starter', priceEur: 30, books: 10, covers: 10, translations: 5 },
  professional: { label: 'Professional', priceEur: 70, books: null, covers: null, translations: null },
  enterprise: { label: 'Enterprise', priceEur: null, books: null, covers: null, translations: null },
  null: { label: 'No plan', priceEur: null, books: 0, covers: 0, translations: 0 },
} as const satisfies Record<
  AccountType,
  {
    label: string;
    priceEur: number | null;
    books: number | null;
    covers: number | null;
    translations: number | null;
  }
>;

export const currency = 'eur' as const;
export const moneyBackGuaranteeDays = 30;
/** The rate-limit window of spec §9. */
export const rateLimitWindowMs = 60 * 60 * 1000;
