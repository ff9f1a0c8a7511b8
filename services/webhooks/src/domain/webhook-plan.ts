import { AppError, errorScreens } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';

/** Webhooks are part of the Enterprise API (issue 45), as tokens are: 402 with the spec's text otherwise. */
export async function requireWebhookPlan(bus: Bus, userId: string): Promise<void> {
  const { accountType } = await bus.request(requests.billing.getSummary, { userId });
  if (accountType !== 'enterprise') throw new AppError(402, errorScreens[402].description);
}
