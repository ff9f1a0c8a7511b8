import { useEffect, useState } from 'react';
import { plans } from '@bookwright/contracts/http';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { Button, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../texts';
import { accessTexts } from '../../billing/accessTexts';
import { isPaidPlan, useCancelPlanMutation } from '../../billing/billingApi';
import { KeepPlanButton } from '../../billing/KeepPlanButton';
import { hasPlan } from '@bookwright/contracts/http';
import { planEndDate, planEndsText, type AccountUser } from '../../billing/planAccess';
import { formatAmount, formatPlanPrice, usePlanPrices } from '../../billing/planPrices';
import { useBillingPortalMutation, useInvoicesQuery, type Invoice } from '../settingsApi';
import { BillingDetails } from './BillingDetails';
import { ChangePlanDialog } from './ChangePlanDialog';
import { longDate } from './longDate';
import { Panel } from './Panel';

const texts = settingsTexts.billing;

export { longDate };

export function BillingTab({ user }: { user: AccountUser }) {
  const [choosing, setChoosing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // The one price per plan every screen shows (the cards' "€27", never a second "€27.00").
  const { local, priceOf } = usePlanPrices();
  const [openPortal, portal] = useBillingPortalMutation();
  const plan = plans[user.accountType];
  const starter = user.accountType === 'starter';
  const paid = isPaidPlan(user.accountType) ? user.accountType : undefined;
  // A plan cancelled at period end has no next billing date: it ends on planEndsAt (issue 19).
  const endsText = planEndsText(user, plan.label);
  // Where a billing portal exists (Stripe) the author cancels there; elsewhere here.
  const canCancelHere = !user.billingPortal && hasPlan(user) && !user.cancelAtPeriodEnd;

  async function manage() {
    try {
      const { url } = await openPortal().unwrap();
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, texts.portalFailed));
    }
  }

  const usage = [
    { label: texts.booksLeft, value: user.booksLeftThisMonth },
    { label: texts.coversLeft, value: user.coversLeftThisMonth },
    { label: texts.translationsLeft, value: user.translationsLeftThisMonth },
  ];
  return (
    <div className="space-y-6">
      <Panel title={texts.heading} actions={<Button onClick={() => setChoosing(true)}>{texts.changePlan}</Button>}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{texts.currentPlan}</dt>
            <dd className="mt-1 font-display text-2xl font-semibold text-ink-950">
              <span data-testid="current-plan">{plan.label}</span>
              {paid && (
                <span className="ml-2 text-base font-normal text-stone-600" data-testid="current-plan-price">
                  {formatPlanPrice(priceOf(paid))}
                  {texts.perMonth}
                </span>
              )}
            </dd>
            {local && <dd className="mt-1 text-sm text-stone-600">{texts.localPlan}</dd>}
            {user.subscriptionStatus === 'past_due' && (
              <dd className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{texts.pastDue}</dd>
            )}
          </div>
          {endsText ? (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{accessTexts.planEnds}</dt>
              <dd className="mt-1 text-lg font-medium text-stone-900">
                {user.planEndsAt && longDate(user.planEndsAt)}
              </dd>
            </div>
          ) : (
            <div>
              <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{texts.nextBillingDate}</dt>
              <dd className="mt-1 text-lg font-medium text-stone-900">
                {user.nextBillingDate ? longDate(user.nextBillingDate) : texts.noBillingDate}
              </dd>
            </div>
          )}
        </dl>
        {endsText && (
          <div
            className="mt-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="billing-plan-ends"
          >
            <p className="font-medium">{endsText}.</p>
            <KeepPlanButton className="px-3 py-1.5" />
          </div>
        )}
        <div className="mt-5 flex flex-wrap items-center gap-x-6 gap-y-3">
          {user.billingPortal && (
            <button
              type="button"
              onClick={() => void manage()}
              disabled={portal.isLoading}
              className="inline-flex items-center gap-2 text-left text-sm font-semibold text-ink-700 underline underline-offset-4 hover:text-ink-900"
            >
              {portal.isLoading && <Spinner />}
              {texts.manage}
            </button>
          )}
          {canCancelHere && (
            <button
              type="button"
              onClick={() => setCancelling(true)}
              className="text-left text-sm font-semibold text-red-800 underline underline-offset-4 hover:text-red-900"
            >
              {accessTexts.cancelPlan}
            </button>
          )}
        </div>
      </Panel>

      <Panel title={texts.usage}>
        <dl className="grid grid-cols-3 gap-2 sm:gap-3">
          {usage.map((item) => (
            <div key={item.label} className="rounded-xl border border-stone-200 bg-stone-50 px-3 py-3 sm:px-4">
              <dt className="text-xs text-stone-600 sm:text-sm">{item.label}</dt>
              <dd className="mt-1 text-2xl font-semibold text-ink-950" data-testid="usage-value">
                {starter && item.value !== null ? item.value : '∞'}
              </dd>
            </div>
          ))}
        </dl>
      </Panel>

      <BillingDetails user={user} onOpenPortal={() => void manage()} openingPortal={portal.isLoading} />

      <Panel title={texts.history}>
        <InvoiceList />
      </Panel>

      <CancelPlanDialog user={user} open={cancelling} onClose={() => setCancelling(false)} />
      <ChangePlanDialog open={choosing} onClose={() => setChoosing(false)} current={user.accountType} />
    </div>
  );
}

/** The confirmation of a cancellation at period end (local payment mode: no portal to do it in). */
function CancelPlanDialog({ user, open, onClose }: { user: AccountUser; open: boolean; onClose: () => void }) {
  const [cancelPlan, { isLoading }] = useCancelPlanMutation();
  const ends = user.nextBillingDate ? planEndDate(user.nextBillingDate) : undefined;
  async function confirm() {
    try {
      await cancelPlan().unwrap();
      toast.success(accessTexts.cancelled);
      onClose();
    } catch (error) {
      toast.error(errorMessage(error, accessTexts.cancelFailed));
    }
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title={accessTexts.cancelTitle}
      description={accessTexts.cancelBody(ends)}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onClose} disabled={isLoading}>
            {accessTexts.cancelKeep}
          </Button>
          <Button
            type="button"
            className="bg-red-700 hover:bg-red-800 disabled:bg-red-700/70"
            onClick={() => void confirm()}
            disabled={isLoading}
            busy={isLoading}
          >
            {isLoading ? accessTexts.cancelling : accessTexts.cancelConfirm}
          </Button>
        </>
      }
    />
  );
}

function InvoiceList() {
  const { data: invoices, isLoading, isError } = useInvoicesQuery();
  useEffect(() => {
    if (isError) toast.error(texts.fetchFailed);
  }, [isError]);

  if (isLoading)
    return (
      <div className="flex justify-center py-6">
        <Spinner className="size-5 text-stone-500" />
      </div>
    );
  if (!invoices || invoices.length === 0) return <p className="text-sm text-stone-600">{texts.noInvoices}</p>;
  return (
    <ul className="divide-y divide-stone-200">
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} />
      ))}
    </ul>
  );
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const open = (url: string | null, missing: string) => {
    if (!url) return toast.error(missing);
    window.open(url, '_blank', 'noopener,noreferrer');
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 sm:flex-nowrap">
      <div className="min-w-[12rem] flex-1">
        <p className="font-medium text-stone-900">{invoice.number}</p>
        <p className="text-sm text-stone-600">
          {longDate(invoice.date)}
          {invoice.periodStart && invoice.periodEnd && (
            <>
              {' '}
              · {longDate(invoice.periodStart)} – {longDate(invoice.periodEnd)}
            </>
          )}
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        <span className="font-semibold text-stone-900">{formatAmount(invoice.amount)}</span>
        <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs font-semibold text-stone-700 capitalize">
          {invoice.status}
        </span>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => open(invoice.hostedUrl, texts.viewMissing)}>
          {texts.view}
        </Button>
        <Button variant="secondary" className="px-3 py-1.5" onClick={() => open(invoice.pdfUrl, texts.pdfMissing)}>
          {texts.pdf}
        </Button>
      </div>
    </li>
  );
}
