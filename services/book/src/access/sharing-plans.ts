import { AppError, errorScreens, workspaceMessages, type AccountType } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';

/** The plans that may share a book (issue 43): Starter and no plan may not. */
const plansThatShare: ReadonlySet<AccountType> = new Set(['professional', 'enterprise']);

/** 402 with the spec's text unless the book's owner is on a plan that shares. */
export async function requireSharingPlan(bus: Bus, ownerId: string, requestId?: string): Promise<void> {
  const { accountType } = await bus.request(requests.billing.getSummary, { userId: ownerId }, { requestId });
  if (!plansThatShare.has(accountType)) throw new AppError(402, errorScreens[402].description);
}

/** Team workspaces come with Enterprise (issue 43): creating one, and inviting to it, need its owner on it. */
export async function requireWorkspacePlan(bus: Bus, ownerId: string, requestId?: string): Promise<void> {
  const { accountType } = await bus.request(requests.billing.getSummary, { userId: ownerId }, { requestId });
  if (accountType !== 'enterprise') throw new AppError(402, workspaceMessages.needsEnterprise);
}
