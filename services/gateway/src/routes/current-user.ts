import { requests, type User, type UserProfile } from '@bookwright/contracts';
import type { Bus } from '@bookwright/kit';

/** The User of spec §3 is owned by two services: the profile by user, the plan and allowances by billing. */
export async function loadCurrentUser(bus: Bus, userId: string, requestId: string, timeoutMs: number): Promise<User> {
  // Asked side by side: neither answer depends on the other.
  const [profile, billing] = await Promise.all([
    bus.request(requests.user.getProfile, { userId }, { requestId, timeoutMs }),
    bus.request(requests.billing.getSummary, { userId }, { requestId, timeoutMs }),
  ]);
  return { ...profile, ...billing };
}

/** Completes a profile the caller already holds (sign-up and login get it back) with the billing side. */
export async function withBilling(bus: Bus, profile: UserProfile, requestId: string, timeoutMs: number): Promise<User> {
  const billing = await bus.request(requests.billing.getSummary, { userId: profile._id }, { requestId, timeoutMs });
  return { ...profile, ...billing };
}
