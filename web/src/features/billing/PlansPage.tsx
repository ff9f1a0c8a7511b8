import { accessTexts } from './accessTexts';
import { PlanCards, TrustLine } from './PlanCards';

/**
 * /app/plans: the plan choice inside the app. An account without a plan comes here from its banner and
 * from every action that needs a plan; its library stays one click away in the sidebar.
 */
export function PlansPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-8 sm:py-14">
      <div className="mx-auto mb-12 max-w-2xl text-center">
        <h1 className="font-display text-3xl font-semibold tracking-tight text-ink-950 sm:text-4xl">
          {accessTexts.plansTitle}
        </h1>
        <p className="mt-3 text-base text-stone-600">{accessTexts.plansBody}</p>
      </div>
      <PlanCards />
      <div className="mt-12">
        <TrustLine />
      </div>
    </div>
  );
}
