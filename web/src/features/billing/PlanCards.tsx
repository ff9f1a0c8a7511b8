import { useState } from 'react';
import { moneyBackGuaranteeDays, plans } from '@bookwright/contracts/http';
import { Button } from '../../components/ui';
import { planTexts } from './texts';
import type { PaidPlan } from './billingApi';
import { formatPlanPrice, usePlanPrices } from './planPrices';
import { ContactSalesDialog } from './ContactSalesDialog';
import { useCheckout } from './useCheckout';

const allowance = (count: number | null, what: string) =>
  count === null ? `Unlimited ${what}` : `${count} ${what} per month`;

const cards = [
  {
    id: 'starter',
    blurb: 'For authors bringing their first books to life.',
    features: [
      allowance(plans.starter.books, 'books'),
      allowance(plans.starter.covers, 'AI covers'),
      allowance(plans.starter.translations, 'translations'),
      'PDF and EPUB export',
      'Metadata generation and editing',
    ],
  },
  {
    id: 'professional',
    blurb: 'For prolific authors who publish on a schedule.',
    features: [
      allowance(plans.professional.books, 'books'),
      allowance(plans.professional.covers, 'AI covers'),
      allowance(plans.professional.translations, 'translations'),
      'PDF and EPUB export',
      'Metadata generation and editing',
    ],
  },
  {
    id: 'enterprise',
    blurb: 'For publishers and teams with custom needs.',
    features: [
      'Everything in Professional',
      'Team workspace and collaboration',
      'API access',
      'Custom limits and onboarding',
    ],
  },
] as const;

function Check() {
  return (
    <svg viewBox="0 0 20 20" className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true">
      <path
        d="M4.5 10.5l3.5 3.5 7.5-8"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The three plan cards of spec §2 (/choose-plan, and the in-app pricing for accounts without a plan). */
export function PlanCards({ highlight }: { highlight?: PaidPlan | undefined }) {
  const { pending, start } = useCheckout();
  const { local, priceOf } = usePlanPrices();
  const [contacting, setContacting] = useState(false);

  return (
    <>
      {local && (
        <p
          role="note"
          className="mx-auto mb-10 max-w-2xl rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900"
        >
          {planTexts.localPlanNote}
        </p>
      )}
      <ul className="grid gap-6 md:grid-cols-3 md:items-stretch">
        {cards.map((card) => {
          const plan = plans[card.id];
          const price = card.id === 'enterprise' ? null : priceOf(card.id);
          const popular = card.id === 'professional';
          const selected = highlight === card.id;
          const headingId = `plan-${card.id}`;
          return (
            <li
              key={card.id}
              aria-labelledby={headingId}
              className={`relative flex flex-col rounded-2xl border bg-white p-7 ${popular ? 'border-ink-900 shadow-xl shadow-ink-900/10 md:-my-3 md:py-10' : 'border-stone-200 shadow-sm'} ${selected ? 'ring-2 ring-brass-500 ring-offset-2' : ''}`}
            >
              {popular && (
                <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brass-600 px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase">
                  {planTexts.mostPopular}
                </span>
              )}
              <h2 id={headingId} className="font-display text-2xl font-semibold text-ink-950">
                {plan.label}
              </h2>
              <p className="mt-1.5 min-h-10 text-sm text-stone-600">{card.blurb}</p>
              <p className="mt-6 flex items-baseline gap-1.5">
                {price === null ? (
                  <span className="font-display text-4xl font-semibold text-ink-950">{planTexts.custom}</span>
                ) : (
                  <>
                    <span className="font-display text-5xl font-semibold tracking-tight text-ink-950">
                      {formatPlanPrice(price)}
                    </span>
                    <span className="text-sm font-medium text-stone-600">per month</span>
                  </>
                )}
              </p>
              {local && price !== null && (
                <p className="mt-2 inline-flex w-fit rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
                  {planTexts.localPlan}
                </p>
              )}
              <ul className="mt-7 flex-1 space-y-3 text-sm text-stone-700">
                {card.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Check />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-8">
                {card.id === 'enterprise' ? (
                  <Button type="button" variant="secondary" className="w-full" onClick={() => setContacting(true)}>
                    {planTexts.contactSales}
                  </Button>
                ) : (
                  <Button
                    type="button"
                    variant={popular ? 'primary' : 'secondary'}
                    className="w-full"
                    busy={pending === card.id}
                    disabled={pending !== undefined}
                    aria-label={pending === card.id ? undefined : `${planTexts.getStarted} with ${plan.label}`}
                    onClick={() => void start(card.id)}
                  >
                    {pending === card.id ? planTexts.loading : planTexts.getStarted}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <ContactSalesDialog open={contacting} onClose={() => setContacting(false)} />
    </>
  );
}

export function TrustLine() {
  const items = [`${moneyBackGuaranteeDays}-day money-back guarantee`, 'Cancel anytime', 'Bank-level security'];
  return (
    <ul className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm text-stone-600">
      {items.map((item) => (
        <li key={item} className="flex items-center gap-2">
          <Check />
          {item}
        </li>
      ))}
    </ul>
  );
}
