import { useEffect, useState } from 'react';
import { plans, type User } from '@bookwright/contracts';
import { toast } from '../../../components/toast';
import { Button, Spinner } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { settingsTexts } from '../../../texts';
import {
  defaultCatalogue,
  useBillingPortalMutation,
  useInvoicesQuery,
  usePlanCatalogueQuery,
  type Invoice,
} from '../settingsApi';
import { ChangePlanDialog } from './ChangePlanDialog';
import { Panel } from './Panel';

const texts = settingsTexts.billing;

/** Dates as day and long month in en-GB (spec §9), with the year: "23 November 2026". */
export const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
const euro = (amount: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR', maximumFractionDigits: 2 }).format(amount);

export function BillingTab({ user }: { user: User }) {
  const [choosing, setChoosing] = useState(false);
  const { data: loaded } = usePlanCatalogueQuery();
  const catalogue = loaded ?? defaultCatalogue;
  const [openPortal, portal] = useBillingPortalMutation();
  const plan = plans[user.accountType];
  const starter = user.accountType === 'starter';
  const offer = catalogue.plans.find((p) => p.accountType === user.accountType);

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
              {offer && (
                <span className="ml-2 text-base font-normal text-stone-600">
                  {euro(offer.amount)}
                  {texts.perMonth}
                </span>
              )}
            </dd>
            {loaded?.provider === 'local' && <dd className="mt-1 text-sm text-stone-600">{texts.localPlan}</dd>}
            {user.subscriptionStatus === 'past_due' && (
              <dd className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{texts.pastDue}</dd>
            )}
          </div>
          <div>
            <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{texts.nextBillingDate}</dt>
            <dd className="mt-1 text-lg font-medium text-stone-900">
              {user.nextBillingDate ? longDate(user.nextBillingDate) : texts.noBillingDate}
            </dd>
          </div>
        </dl>
        <button
          type="button"
          onClick={() => void manage()}
          disabled={portal.isLoading}
          className="mt-5 inline-flex items-center gap-2 text-left text-sm font-semibold text-ink-700 underline underline-offset-4 hover:text-ink-900"
        >
          {portal.isLoading && <Spinner />}
          {texts.manage}
        </button>
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

      <Panel title={texts.history}>
        <InvoiceList />
      </Panel>

      <ChangePlanDialog
        open={choosing}
        onClose={() => setChoosing(false)}
        current={user.accountType}
        catalogue={catalogue}
      />
    </div>
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
        <span className="font-semibold text-stone-900">{euro(invoice.amount)}</span>
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
