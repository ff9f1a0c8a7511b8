import { useState } from 'react';
import { useNavigate } from 'react-router';
import { currency } from '@bookwright/contracts/http';
import { isApiError } from '../../api/baseQuery';
import { toast } from '../../components/toast';
import { planTexts } from './texts';
import { useCreateCheckoutMutation, type PaidPlan } from './billingApi';

/**
 * Spec §4 "Plan checkout": loading on the chosen plan, then the browser goes to the checkout url. A
 * visitor who is not signed in (401) goes to sign-up with the plan instead, and checkout starts after it.
 */
export function useCheckout() {
  const [createCheckout] = useCreateCheckoutMutation();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PaidPlan>();

  async function start(accountType: PaidPlan) {
    setPending(accountType);
    try {
      const { url } = await createCheckout({ accountType, currency }).unwrap();
      window.location.assign(url);
    } catch (error) {
      setPending(undefined);
      if (isApiError(error) && error.status === 401) {
        await navigate(`/signup?accountType=${accountType}`);
        return;
      }
      toast.error(planTexts.checkoutFailure);
    }
  }

  return { pending, start };
}
