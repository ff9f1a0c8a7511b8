import { AppError, noPlanBillingSummary, requests, type User, type UserProfile } from '@bookwright/contracts';
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

/**
 * A new account's User for the sign-up answer. The account exists once the user service answered, so the
 * answer is a success whatever billing says: a new account has no plan yet, which is what billing would
 * answer anyway, and the next `GET /user/current-user` asks billing again (the sign-up is a write of the
 * user's, so no cached copy stands in for it). Failing here would leave a signed-in account whose author
 * is told to retry, and whose retry is "An account with this email already exists".
 */
export async function newAccountUser(
  bus: Bus,
  profile: UserProfile,
  requestId: string,
  timeoutMs: number,
  logger: { warn(details: object, msg: string): void },
): Promise<User> {
  try {
    return await withBilling(bus, profile, requestId, timeoutMs);
  } catch (error) {
    if (!(error instanceof AppError) || error.expose) throw error;
    logger.warn({ err: error, userId: profile._id }, 'billing did not answer at sign-up; answered with no plan');
    return { ...profile, ...noPlanBillingSummary };
  }
}
