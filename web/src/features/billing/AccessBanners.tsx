import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useMatch, useSearchParams } from 'react-router';
import { booksApi } from '../books/booksApi';
import { accessTexts } from './accessTexts';
import { usePaymentPlansQuery } from './billingApi';
import { KeepPlanButton } from './KeepPlanButton';
import { hasPlan } from '@bookwright/contracts/http';
import { planEndsText, plansPath, type AccountUser } from './planAccess';

/** The configured name of the user's plan (GET /payment/plans), or undefined for contracts' default. */
export function usePlanLabel(user: AccountUser): string | undefined {
  const { data } = usePaymentPlansQuery();
  return data?.plans.find((p) => p.accountType === user.accountType)?.label;
}

/**
 * The app header's word on a cancelled plan (issue 19): "Your Professional plan ends on 12 December",
 * with "Keep my plan", on every page until the plan ends or is kept; not on the Billing tab, which says
 * the same beside the plan (one "Keep my plan" per screen).
 */
export function PlanEndsBanner({ user }: { user: AccountUser }) {
  const text = planEndsText(user, usePlanLabel(user));
  const [params] = useSearchParams();
  const onBilling = useMatch('/app/settings') !== null && params.get('tab') === 'billing';
  if (!text || onBilling) return null;
  return (
    <div
      role="region"
      aria-label="Plan ending"
      className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 sm:px-6"
    >
      <p data-testid="plan-ends" className="font-medium">
        {text}.
      </p>
      <KeepPlanButton className="px-3 py-1.5" />
    </div>
  );
}

/**
 * For an account without a plan: its books are read-only (in the editor it says so of the open book), and
 * the way to a plan is one click away. Not on the plans page itself, which says the same at length, nor on
 * the checkout's return page.
 */
export function NoPlanBanner({ user }: { user: AccountUser }) {
  const onPlans = useMatch(plansPath) !== null;
  // The checkout's return page waits for the plan to arrive: no "You have no plan" meanwhile.
  const onSuccess = useMatch('/app/success') !== null;
  const editing = useMatch('/app/edit/:bookId')?.params.bookId;
  const inEditor = editing !== undefined;
  // A book shared with this account is the owner's to pay for: its own plan changes nothing there, and the
  // editor's role banner says what the role may do (issue 43).
  const { data: book } = booksApi.endpoints.getBook.useQueryState(editing ?? skipToken);
  // Someone whose library holds only books shared with them has nothing of their own to be read-only: the
  // home page's "Choose a plan to write your next book" is all they need to hear.
  const { data: library } = booksApi.endpoints.listBooks.useQueryState(undefined);
  const onlyShared = !!library && library.length > 0 && library.every((b) => b.role !== 'owner');
  if (hasPlan(user) || onPlans || onSuccess) return null;
  if (inEditor ? book && book.role !== 'owner' : onlyShared) return null;
  return (
    <div
      role="region"
      aria-label="No plan"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-ink-100 bg-ink-50 px-4 py-2.5 text-sm text-ink-950 sm:px-6"
    >
      {inEditor ? (
        <p data-testid="read-only">{accessTexts.readOnly}</p>
      ) : (
        <p>
          <strong className="font-semibold">{accessTexts.noPlanTitle}</strong> {accessTexts.noPlanBody}
        </p>
      )}
      <Link
        to={plansPath}
        className="rounded-md font-semibold text-ink-900 underline underline-offset-2 hover:text-ink-700"
      >
        {accessTexts.noPlanAction}
      </Link>
    </div>
  );
}
