import { AppError, passwordResetMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent, hashToken } from '@bookwright/kit';
import type { z } from 'zod';
import { usersRepository } from '../repositories/users.repository';
import { sessionsRepository } from '../repositories/sessions.repository';
import { resetTokensRepository } from '../repositories/reset-tokens.repository';
import { assertPasswordAcceptable, hashPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';

export function resetPassword(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.resetPassword)['request']>) => {
    const tokenHash = hashToken(input.token);
    const now = deps.now();
    const check = (row: Awaited<ReturnType<typeof resetTokensRepository.findForUpdate>>) => {
      if (!row) throw new AppError(400, passwordResetMessages.tokenUnknown);
      if (row.used_at) throw new AppError(400, passwordResetMessages.tokenUsed);
      if (new Date(row.expires_at) <= now) throw new AppError(400, passwordResetMessages.tokenExpired);
      return row;
    };
    // Hash outside the transaction (it takes ~25 ms); the locked re-check below decides.
    const preview = check(await resetTokensRepository.findForUpdate(deps.db, tokenHash));
    const user = await usersRepository.findById(deps.db, preview.user_id);
    if (!user) throw new AppError(400, passwordResetMessages.tokenUnknown);
    assertPasswordAcceptable(input.newPassword, { email: user.email });
    const passwordHash = await hashPassword(input.newPassword);
    await deps.db.transaction().execute(async (trx) => {
      const row = check(await resetTokensRepository.findForUpdate(trx, tokenHash));
      await resetTokensRepository.markUsed(trx, row.id, now);
      await usersRepository.setPasswordHash(trx, user.id, passwordHash);
      await sessionsRepository.revokeAllForUser(trx, user.id, now);
      await enqueueEvent(trx, events.userPasswordChanged, {
        userId: user.id,
        changedAt: now.toISOString(),
        via: 'reset',
      });
    });
    deps.relay.kick();
    deps.logger.info({ userId: user.id }, 'password reset; sessions revoked');
    return { userId: user.id };
  };
}
