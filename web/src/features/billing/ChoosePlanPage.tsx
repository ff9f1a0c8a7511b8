import { Link, useSearchParams } from 'react-router';
import { Logo } from '../../components/ui';
import { isPaidPlan } from './billingApi';
import { PlanCards, TrustLine } from './PlanCards';

export function ChoosePlanPage() {
  const [params] = useSearchParams();
  const accountType = params.get('accountType');
  // Set by the identity-provider sign-up that carried a plan: checkout starts at once.
  const checkout = params.get('checkout');

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
          <PlanCards
            highlight={isPaidPlan(checkout) ? checkout : isPaidPlan(accountType) ? accountType : undefined}
            {...(isPaidPlan(checkout) ? { startAtOnce: checkout } : {})}
          />
        </div>
        <div className="mt-12">
          <TrustLine />
        </div>
      </main>
    </div>
  );
}
