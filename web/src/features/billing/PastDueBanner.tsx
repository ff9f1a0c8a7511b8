import { Link } from 'react-router';
import type { User } from '@bookwright/contracts/http';
import { pastDueTexts } from './texts';

/**
 * Says so when Stripe could not take the renewal payment: the plan stays in force while Stripe retries,
 * but the author has to act before it lapses.
 */
export function PastDueBanner({ user }: { user: Pick<User, 'subscriptionStatus'> }) {
  if (user.subscriptionStatus !== 'past_due') return null;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-200 bg-red-50 px-4 py-2.5 text-sm text-red-900 sm:px-6"
    >
      <p>
        <strong className="font-semibold">{pastDueTexts.title}</strong> {pastDueTexts.body}
      </p>
      <Link
        to="/app/settings?tab=billing"
        className="rounded-md font-semibold text-red-900 underline underline-offset-2 hover:text-red-700"
      >
        {pastDueTexts.action}
      </Link>
    </div>
  );
}
