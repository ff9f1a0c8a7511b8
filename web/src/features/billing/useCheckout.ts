import { useState } from 'react';
import { currency } from '@bookwright/contracts';
import { toast } from '../../components/toast';
import { planTexts } from '../../texts';
import { useCreateCheckoutMutation, type PaidPlan } from './billingApi';

/** Spec §4 "Plan checkout": loading on the chosen plan, then the browser goes to the checkout url. */
export function useCheckout() {
  const [createCheckout] = useCreateCheckoutMutation();
  const [pending, setPending] = useState<PaidPlan>();

  async function start(accountType: PaidPlan) {
    setPending(accountType);
    try {
      const { url } = await createCheckout({ accountType, currency }).unwrap();
      window.location.assign(url);
    } catch {
      toast.error(planTexts.checkoutFailure);
      setPending(undefined);
    }
  }

  return { pending, start };
}
