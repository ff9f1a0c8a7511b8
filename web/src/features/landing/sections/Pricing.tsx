import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { plans } from '@bookwright/contracts/http';
import { buttonClass } from '../../../components/ui';
import { pricing, trialSeats } from '../content';
import { formatPlanPrice, usePlanPrices } from '../../billing/planPrices';
import { SectionHeading, containerClass, sectionClass } from './SectionHeading';
import { TrustLines } from './TrustLines';

/**
 * The enquiry form (its dialog and fields) is fetched when a visitor asks for it, so the landing page's
 * first load does not carry it (issue 12's landing-page JavaScript).
 */
const ContactSalesDialog = lazy(async () => ({
  default: (await import('../../billing/ContactSalesDialog')).ContactSalesDialog,
}));

export function Pricing() {
  const { priceOf } = usePlanPrices();
  const [contacting, setContacting] = useState(false);
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className={sectionClass}>
      <div className={containerClass}>
        <SectionHeading id="pricing-heading" eyebrow={pricing.eyebrow} title={pricing.title} lead={pricing.lead} />
        <ul className="mt-16 grid gap-6 md:grid-cols-3 md:items-stretch">
          {pricing.plans.map((card) => {
            const popular = card.id === 'professional';
            const price = card.id === 'enterprise' ? null : priceOf(card.id);
            return (
              <li
                key={card.id}
                aria-labelledby={`pricing-${card.id}`}
                className={`relative flex flex-col rounded-2xl border bg-white p-7 dark:bg-ink-900 ${popular ? 'border-ink-900 shadow-xl shadow-ink-900/10 md:-my-3 md:py-10 dark:border-brass-500' : 'border-stone-200 shadow-sm dark:border-white/10'}`}
              >
                {popular && (
                  <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brass-700 px-3 py-1 text-xs font-semibold tracking-wide whitespace-nowrap text-white uppercase">
                    {pricing.mostPopular}
                  </span>
                )}
                <h3
                  id={`pricing-${card.id}`}
                  className="font-display text-2xl font-semibold text-ink-950 dark:text-white"
                >
                  {plans[card.id].label}
                </h3>
                <p className="mt-1.5 text-sm text-stone-600 dark:text-stone-300">{card.blurb}</p>
                <p className="mt-6 flex items-baseline gap-1.5" data-testid={`price-${card.id}`}>
                  {price === null ? (
                    <span className="font-display text-4xl font-semibold text-ink-950 dark:text-white">
                      {pricing.custom}
                    </span>
                  ) : (
                    <>
                      <span className="font-display text-5xl font-semibold tracking-tight text-ink-950 dark:text-white">
                        {formatPlanPrice(price)}
                      </span>
                      <span className="text-sm font-medium text-stone-600 dark:text-stone-300">{pricing.perMonth}</span>
                    </>
                  )}
                </p>
                <ul className="mt-7 flex-1 space-y-3 text-sm text-stone-700 dark:text-stone-200">
                  {card.features.map((feature) => (
                    <li key={feature} className="flex gap-2.5">
                      <Check
                        className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400"
                        aria-hidden="true"
                      />
                      {feature}
                    </li>
                  ))}
                </ul>
                <div className="mt-8">
                  {'to' in card.cta ? (
                    <Link
                      to={card.cta.to}
                      className={buttonClass(popular ? 'primary' : 'secondary', 'w-full dark:border-white/15')}
                    >
                      {card.cta.label}
                    </Link>
                  ) : (
                    <button
                      type="button"
                      onClick={() => setContacting(true)}
                      className={buttonClass('secondary', 'w-full dark:border-white/15')}
                    >
                      {card.cta.label}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
        <p className="mt-10 text-center text-sm">
          <Link
            to={pricing.directLink.to}
            className="rounded font-semibold text-ink-800 underline decoration-brass-500 underline-offset-4 hover:text-ink-950 dark:text-stone-100"
          >
            {pricing.directLink.label}
          </Link>
        </p>
        <p className="mt-3 text-center text-sm text-stone-600 dark:text-stone-300">{trialSeats.text}</p>
        <div className="mt-8">
          <TrustLines />
        </div>
      </div>
      {contacting && (
        <Suspense fallback={null}>
          <ContactSalesDialog open onClose={() => setContacting(false)} />
        </Suspense>
      )}
    </section>
  );
}
