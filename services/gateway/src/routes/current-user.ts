import { AppError, noPlanBillingSummary, type User, type UserProfile } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
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
 * The User for the answer of a sign-up or a login. The session exists once the user service answered, so
 * the answer is a success whatever billing says: when billing is unavailable (5xx, no answer) the user is
 * answered with no plan (what a new account has anyway; for a login, a stand-in the web app replaces at
 * once, since it reads current-user again after signing in), and the next `GET /user/current-user` asks
 * billing again: this stand-in is never cached. Failing here would leave a browser holding a session
 * cookie whose author is told to retry: a sign-up's retry is "An account with this email already exists",
 * a login's ends the session it just opened.
 */
export async function signedInUser(
  bus: Bus,
  profile: UserProfile,
  context: { requestId: string; timeoutMs: number; moment: 'sign-up' | 'login' },
  logger: { warn(details: object, msg: string): void },
): Promise<User> {
  try {
    return await withBilling(bus, profile, context.requestId, context.timeoutMs);
  } catch (error) {
    if (!(error instanceof AppError) || error.expose) throw error;
    logger.warn(
      { err: error, userId: profile._id, at: context.moment },
      'billing did not answer at sign-in; answered with no plan',
    );
    return { ...profile, ...noPlanBillingSummary };
  }
}
