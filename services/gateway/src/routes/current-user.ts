import { noPlanBillingSummary, requests, type User } from '@bookwright/contracts';
import type { Bus } from '@bookwright/kit';

/**
 * The User of spec §3 is owned by two services: the profile by user, the plan and allowances by billing.
 * Until the billing service exists every account reads as plan-less (`accountType: "null"`).
 */
export async function loadCurrentUser(bus: Bus, userId: string, requestId: string, timeoutMs: number): Promise<User> {
  const profile = await bus.request(requests.user.getProfile, { userId }, { requestId, timeoutMs });
  return { ...profile, ...noPlanBillingSummary };
}
