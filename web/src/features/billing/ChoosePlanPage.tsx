import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { plans } from '@bookwright/contracts/http';
import { Logo } from '../../components/ui';
import { isPaidPlan, type PaidPlan } from './billingApi';
import { PlanCards, TrustLine } from './PlanCards';
import { useCheckout } from './useCheckout';

export function ChoosePlanPage() {
  const [params] = useSearchParams();
  const accountType = params.get('accountType');
  // Set by an identity-provider sign-up that carried a plan: checkout starts at once, as on /signup.
  const checkout = params.get('checkout');
  const startsAtOnce = isPaidPlan(checkout) ? checkout : undefined;

  return (
    <div className="min-h-dvh bg-paper">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-6 py-5 sm:px-10">
        <Logo />
        <Link to="/app" className="rounded-md text-sm font-medium text-stone-600 hover:text-ink-900">
          Go to the app &rarr;
        </Link>
      </header>
      <main className="mx-auto max-w-6xl px-6 pt-8 pb-20 sm:px-10 sm:pt-12">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-widest text-brass-600 uppercase">Pricing</p>
          <h1 className="mt-3 font-display text-4xl font-semibold tracking-tight text-ink-950 sm:text-5xl">
            Choose your plan
          </h1>
          <p className="mt-4 text-base text-stone-600 sm:text-lg">
            Plan, write and publish your books. Monthly billing in euro; change or cancel whenever you like.
          </p>
        </div>
        <div className="mt-14">
          <CheckoutAtOnce plan={startsAtOnce} />
          <PlanCards highlight={startsAtOnce ?? (isPaidPlan(accountType) ? accountType : undefined)} />
        </div>
        <div className="mt-12">
          <TrustLine />
        </div>
      </main>
    </div>
  );
}

/** Starts checkout for `plan` once per visit (StrictMode runs effects twice), saying so meanwhile. */
function CheckoutAtOnce({ plan }: { plan: PaidPlan | undefined }) {
  const { pending, start } = useCheckout();
  const started = useRef(false);
  useEffect(() => {
    if (!plan || started.current) return;
    started.current = true;
    void start(plan);
  }, [plan, start]);
  if (!pending) return null;
  return (
    <p role="status" className="mb-8 text-center text-sm font-medium text-ink-800">
      Starting checkout for the {plans[pending].label} plan…
    </p>
  );
}
