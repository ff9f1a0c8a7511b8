import type { AnyEventDef } from '../bus/define';
import { userRegisteredV1 } from './user/user-registered.v1';
import { userPasswordChangedV1 } from './user/user-password-changed.v1';

/**
 * Every event of the system, in one list the compiler checks: code refers to `events.userRegistered`,
 * never to a subject string, so a typo cannot compile. Add new events here and to the AsyncAPI script.
 */
export const events = {
  userRegistered: userRegisteredV1,
  userPasswordChanged: userPasswordChangedV1,
} as const satisfies Record<string, AnyEventDef>;

export type EventName = (typeof events)[keyof typeof events]['name'];
