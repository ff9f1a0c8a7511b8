import { requests, type User, type UserProfile } from '@bookwright/contracts';
import type { Bus } from '@bookwright/kit';

/** The User of spec §3 is owned by two services: the profile by user, the plan and allowances by billing. */
export async function loadCurrentUser(bus: Bus, userId: string, requestId: string, timeoutMs: number): Promise<User> {
  const profile = await bus.request(requests.user.getProfile, { userId }, { requestId, timeoutMs });
  return withBilling(bus, profile, requestId, timeoutMs);
}

/** Completes a profile the caller already holds (sign-up and login get it back) with the billing side. */
export async function withBilling(bus: Bus, profile: UserProfile, requestId: string, timeoutMs: number): Promise<User> {
  const billing = await bus.request(requests.billing.getSummary, { userId: profile._id }, { requestId, timeoutMs });
  return { ...profile, ...billing };
}
