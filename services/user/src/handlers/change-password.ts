import { AppError, apiMessages, changePasswordMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { usersRepository } from '../repositories/users.repository';
import { sessionsRepository } from '../repositories/sessions.repository';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';

type Def = typeof requests.user.changePassword;

/**
 * PATCH /user/password: the same strength rules as sign-up; every other session of the user is revoked
 * (a thief's included) while the one that made the change stays signed in.
 */
export function changePassword(deps: UserHandlerDeps) {
  return async ({ userId, sessionId, change }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const user = await usersRepository.findById(deps.db, userId);
    if (!user) throw new AppError(401, apiMessages.unauthenticated);
    // 400, not 401: a wrong current password must not look like a lost session to the client.
    if (!user.password_hash || !(await verifyPassword(user.password_hash, change.password)))
      throw new AppError(400, changePasswordMessages.wrongCurrent);
    if (change.newPassword === change.password) throw new AppError(400, changePasswordMessages.sameAsOld);
    assertPasswordAcceptable(change.newPassword, { email: user.email });
    const passwordHash = await hashPassword(change.newPassword);
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await usersRepository.setPasswordHash(trx, user.id, passwordHash);
      await sessionsRepository.revokeAllForUser(trx, user.id, now, { except: sessionId });
      await enqueueEvent(trx, events.userPasswordChanged, {
        userId: user.id,
        changedAt: now.toISOString(),
        via: 'change',
      });
    });
    deps.relay.kick();
    deps.logger.info({ userId: user.id }, 'password changed; other sessions revoked');
    return {};
  };
}
