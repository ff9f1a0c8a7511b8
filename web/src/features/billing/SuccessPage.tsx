import { Link } from 'react-router';
import { buttonClass } from '../../components/ui';
import { planTexts, successTexts } from './texts';
import { useCurrentUserQuery } from '../auth/authApi';
import { usePlanPrices } from './planPrices';

/** While Stripe's webhook has not yet activated the plan, look again this often. */
const activationPollMs = 2000;

/**
 * /app/success: where checkout sends the author back. Stripe confirms the payment by webhook, which may
 * land a moment after the browser does: until the plan shows up, the current user is read again, and
 * 'Start Writing' appears only then, so that it opens the app rather than the plan choice.
 */
export function SuccessPage() {
  const { data: user } = useCurrentUserQuery();
  useCurrentUserQuery(undefined, { pollingInterval: user?.accountType === 'null' ? activationPollMs : 0 });
  const { local } = usePlanPrices();
  // Before the plan shows up, /app would send the author back to the plan choice: the way on waits for it.
  const activated = user !== undefined && user.accountType !== 'null';
  return (
    <div className="flex flex-1 items-center justify-center px-6 py-16">
      <div className="w-full max-w-lg rounded-2xl border border-stone-200 bg-white p-8 text-center shadow-sm sm:p-12">
        <span
          className="mx-auto flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
          aria-hidden="true"
        >
          <svg viewBox="0 0 24 24" className="size-7">
            <path
              d="M5 12.5l4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        <h1 className="mt-6 font-display text-3xl font-semibold text-ink-950 sm:text-4xl">{successTexts.title}</h1>
        <p className="mt-3 text-base text-stone-600">{successTexts.body}</p>
        {local && <p className="mt-2 text-sm font-medium text-amber-800">{planTexts.localPlanNote}</p>}
        {activated ? (
          <Link to="/app" className={buttonClass('primary', 'mt-8 px-6')}>
            {successTexts.startWriting}
          </Link>
        ) : (
          <p role="status" className="mt-8 text-sm font-medium text-stone-600">
            {successTexts.activating}
          </p>
        )}
      </div>
    </div>
  );
}
