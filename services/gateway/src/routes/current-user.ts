import { requests, type User } from '@bookwright/contracts';
import type { Bus } from '@bookwright/kit';

/** The User of spec §3 is owned by two services: the profile by user, the plan and allowances by billing. */
export async function loadCurrentUser(bus: Bus, userId: string, requestId: string, timeoutMs: number): Promise<User> {
  const [profile, billing] = await Promise.all([
    bus.request(requests.user.getProfile, { userId }, { requestId, timeoutMs }),
    bus.request(requests.billing.getSummary, { userId }, { requestId, timeoutMs }),
  ]);
  return { ...profile, ...billing };
}
