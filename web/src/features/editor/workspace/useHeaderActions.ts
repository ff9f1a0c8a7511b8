import { useNavigate } from 'react-router';
import { plansPath } from '../../billing/planAccess';
import type { BookAccess } from '../../sharing/bookAccess';
import type { EditorDialogs } from './useEditorDialogs';
import type { Rewrite } from './useRewrite';
import type { HeaderAction } from './WorkspaceHeader';

/**
 * What the header's actions do. The header offers only what the role may do (WorkspaceHeader); on one's own
 * book without a plan, what would spend the allowance leads to the plans instead.
 */
export function useHeaderActions(access: BookAccess, dialogs: EditorDialogs, rewrite: Rewrite) {
  const navigate = useNavigate();
  const toPlans = () => void navigate(plansPath);
  function run(action: HeaderAction) {
    if (action === 'rewrite') return access.needsPlan ? toPlans() : rewrite.start();
    if (action === 'history' || action === 'export' || !access.needsPlan) return dialogs.open(action);
    toPlans(); // translate and cover need a plan
  }
  return { run, onNeedPlan: access.needsPlan ? toPlans : undefined };
}
