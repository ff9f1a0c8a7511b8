import { useState } from 'react';
import type { AccountType } from '@bookwright/contracts';
import { Dialog } from '../../../components/Dialog';
import { toast } from '../../../components/toast';
import { Button, buttonClass } from '../../../components/ui';
import { mailtoLink } from '../../../lib/mailto';
import { planTexts, productName, salesEmail, settingsTexts } from '../../../texts';
import { useChangePlanMutation, type PaidPlan, type PlanCatalogue } from '../settingsApi';

const texts = settingsTexts.billing;
const euro = (amount: number) => `€${amount}`;

/** The plan picker: the configured prices, the current plan disabled, Enterprise by mail. */
export function ChangePlanDialog({
  open,
  onClose,
  current,
  catalogue,
}: {
  open: boolean;
  onClose: () => void;
  current: AccountType;
  catalogue: PlanCatalogue;
}) {
  const [changePlan] = useChangePlanMutation();
  const [pending, setPending] = useState<PaidPlan>();

  async function choose(accountType: PaidPlan) {
    setPending(accountType);
    try {
      const { url } = await changePlan({ accountType }).unwrap();
      window.location.assign(url);
    } catch {
      toast.error(planTexts.checkoutFailure);
      setPending(undefined);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={texts.changePlan}>
      <ul className="mt-5 space-y-3">
        {catalogue.plans.map((plan) => {
          const isCurrent = plan.accountType === current;
          return (
            <li
              key={plan.accountType}
              className={`flex flex-wrap items-center justify-between gap-3 rounded-xl border px-4 py-3 ${isCurrent ? 'border-ink-300 bg-ink-50' : 'border-stone-200'}`}
            >
              <div>
                <p className="font-semibold text-ink-950">{plan.label}</p>
                <p className="text-sm text-stone-600">
                  {euro(plan.amount)}
                  {texts.perMonth}
                </p>
              </div>
              <Button
                variant={isCurrent ? 'secondary' : 'primary'}
                disabled={isCurrent || pending !== undefined}
                busy={pending === plan.accountType}
                onClick={() => void choose(plan.accountType)}
              >
                {isCurrent ? texts.current : texts.choose}
              </Button>
            </li>
          );
        })}
        <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-stone-200 px-4 py-3">
          <div>
            <p className="font-semibold text-ink-950">Enterprise</p>
            <p className="text-sm text-stone-600">{texts.custom}</p>
          </div>
          {current === 'enterprise' ? (
            <Button variant="secondary" disabled>
              {texts.current}
            </Button>
          ) : (
            <a className={buttonClass('secondary')} href={mailtoLink(salesEmail, `${productName} Enterprise`)}>
              {texts.contactSales}
            </a>
          )}
        </li>
      </ul>
    </Dialog>
  );
}
