import { useState } from 'react';
import { currency, hasPlan, paidAccountTypes, plans, type AccountType } from '@bookwright/contracts/http';
import { type PlanSwitchPreview } from '@bookwright/contracts/bus';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { Button } from '../../../components/ui';
import { errorMessage } from '../../../api/baseQuery';
import { planTexts } from '../../billing/texts';
import { settingsTexts } from '../texts';
import { ContactSalesDialog } from '../../billing/ContactSalesDialog';
import { useCreateCheckoutMutation, usePreviewSwitchMutation, type PaidPlan } from '../../billing/billingApi';
import { formatAmount, formatPlanPrice, usePlanPrices } from '../../billing/planPrices';
import { longDate } from './longDate';

const texts = settingsTexts.billing;

/**
 * The plan picker: the configured prices, the current plan disabled, Enterprise through the sales form.
 * A switch from a plan in force is priced first (the proration and the new monthly price) and happens
 * only once confirmed; a first plan goes straight to checkout.
 */
export function ChangePlanDialog({
  open,
  onClose,
  current,
}: {
  open: boolean;
  onClose: () => void;
  current: AccountType;
}) {
  const { priceOf } = usePlanPrices();
  const [createCheckout] = useCreateCheckoutMutation();
  const [previewSwitch] = usePreviewSwitchMutation();
  const [pending, setPending] = useState<PaidPlan>();
  const [preview, setPreview] = useState<PlanSwitchPreview>();
  const [contacting, setContacting] = useState(false);

  async function apply(accountType: PaidPlan) {
    setPending(accountType);
    try {
      const { url } = await createCheckout({ accountType, currency }).unwrap();
      window.location.assign(url);
    } catch (error) {
      toast.error(errorMessage(error, planTexts.checkoutFailure));
      setPending(undefined);
    }
  }

  async function choose(accountType: PaidPlan) {
    if (!hasPlan({ accountType: current })) return apply(accountType);
    setPending(accountType);
    try {
      setPreview(await previewSwitch({ accountType }).unwrap());
    } catch (error) {
      toast.error(errorMessage(error, texts.switchPreviewFailed));
    } finally {
      setPending(undefined);
    }
  }

  function close() {
    setPreview(undefined);
    onClose();
  }

  if (preview)
    return (
      <SwitchConfirmation
        preview={preview}
        busy={pending !== undefined}
        onBack={() => setPreview(undefined)}
        onClose={close}
        onConfirm={() => void apply(preview.to)}
      />
    );

  return (
    <>
      <Dialog open={open && !contacting} onClose={close} title={texts.changePlan}>
        <ul className="mt-5 space-y-3">
          {paidAccountTypes.map((accountType) => {
            const isCurrent = accountType === current;
            return (
              <li
                key={accountType}
                className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 ${isCurrent ? 'border-ink-300 bg-ink-50' : 'border-stone-200'}`}
              >
                <div>
                  <p className="font-semibold text-ink-950">{plans[accountType].label}</p>
                  <p className="text-sm text-stone-600">
                    {formatPlanPrice(priceOf(accountType))}
                    {texts.perMonth}
                  </p>
                </div>
                <Button
                  variant={isCurrent ? 'secondary' : 'primary'}
                  disabled={isCurrent || pending !== undefined}
                  busy={pending === accountType}
                  onClick={() => void choose(accountType)}
                >
                  {isCurrent ? texts.current : pending === accountType ? texts.switchLoading : texts.choose}
                </Button>
              </li>
            );
          })}
          <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 px-4 py-3">
            <div>
              <p className="font-semibold text-ink-950">{plans.enterprise.label}</p>
              <p className="text-sm text-stone-600">{texts.custom}</p>
            </div>
            {current === 'enterprise' ? (
              <Button variant="secondary" disabled>
                {texts.current}
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => setContacting(true)}>
                {texts.contactSales}
              </Button>
            )}
          </li>
        </ul>
      </Dialog>
      <ContactSalesDialog open={open && contacting} onClose={() => setContacting(false)} />
    </>
  );
}

/** The price of a switch, and what the month's allowances become, before the author confirms it. */
function SwitchConfirmation({
  preview,
  busy,
  onBack,
  onClose,
  onConfirm,
}: {
  preview: PlanSwitchPreview;
  busy: boolean;
  onBack: () => void;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const left = (value: number | null) => (value === null ? texts.unlimited : String(value));
  const credit = preview.proratedAmount < 0;
  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={texts.switchTitle(plans[preview.to].label)}
      footer={
        <>
          <Button type="button" variant="secondary" onClick={onBack} disabled={busy}>
            {texts.back}
          </Button>
          <Button type="button" onClick={onConfirm} disabled={busy} busy={busy}>
            {texts.confirmSwitch}
          </Button>
        </>
      }
    >
      <dl className="mt-5 space-y-3 text-sm" data-testid="switch-preview">
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-stone-700">
            {credit ? texts.proratedCredit : texts.proratedCharge}
            <span className="block text-xs text-stone-600">{texts.proratedNote}</span>
          </dt>
          <dd className="text-lg font-semibold text-ink-950">{formatAmount(Math.abs(preview.proratedAmount))}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4">
          <dt className="text-stone-700">
            {texts.thenMonthly}
            {preview.nextBillingDate && (
              <span className="block text-xs text-stone-600">{texts.from(longDate(preview.nextBillingDate))}</span>
            )}
          </dt>
          <dd className="text-lg font-semibold text-ink-950">
            {formatPlanPrice(preview.newMonthlyAmount)}
            {texts.perMonth}
          </dd>
        </div>
        <div className="rounded-xl border border-stone-200 bg-stone-50 px-4 py-3">
          <dt className="text-xs font-semibold tracking-wide text-stone-600 uppercase">{texts.allowancesAfter}</dt>
          <dd className="mt-2 space-y-1 text-stone-800">
            {(
              [
                [texts.booksLeft, preview.booksLeftAfter],
                [texts.coversLeft, preview.coversLeftAfter],
                [texts.translationsLeft, preview.translationsLeftAfter],
              ] as const
            ).map(([label, value]) => (
              <p key={label} className="flex justify-between gap-4">
                <span>{label}</span>
                <strong className="font-semibold text-ink-950">{left(value)}</strong>
              </p>
            ))}
          </dd>
        </div>
        <p className="text-xs text-stone-600">{texts.keptUsage}</p>
      </dl>
    </Dialog>
  );
}
