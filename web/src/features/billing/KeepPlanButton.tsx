import { errorMessage } from '../../api/baseQuery';
import { toast } from '../../components/toast';
import { Button } from '../../components/ui';
import { accessTexts } from './accessTexts';
import { useKeepPlanMutation } from './billingApi';

/** "Keep my plan": undoes a cancellation at period end (Stripe: cancel_at_period_end=false). */
export function KeepPlanButton({ className = '' }: { className?: string }) {
  const [keepPlan, { isLoading }] = useKeepPlanMutation();
  async function keep() {
    try {
      await keepPlan().unwrap();
      toast.success(accessTexts.kept);
    } catch (error) {
      toast.error(errorMessage(error, accessTexts.keepFailed));
    }
  }
  return (
    <Button type="button" className={className} onClick={() => void keep()} disabled={isLoading} busy={isLoading}>
      {isLoading ? accessTexts.keeping : accessTexts.keepPlan}
    </Button>
  );
}
