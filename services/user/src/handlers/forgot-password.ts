import { hashToken, newSecretToken } from '@bookwright/kit';
import { randomUUID } from 'node:crypto';
import { passwordResetTtlMs } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { usersRepository } from '../repositories/users.repository';
import { resetTokensRepository } from '../repositories/reset-tokens.repository';
import { passwordResetMail } from '../domain/password-reset-mail';
import type { UserHandlerDeps } from './deps';

export function forgotPassword(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.forgotPassword)['request']>) => {
    const user = await usersRepository.findByEmail(deps.db, input.email);
    if (!user) {
      deps.logger.info('password reset asked for an unknown email');
      return {};
    }
    const token = newSecretToken();
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      await resetTokensRepository.voidUnusedForUser(trx, user.id, now);
      await resetTokensRepository.insert(trx, {
        id: randomUUID(),
        userId: user.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + passwordResetTtlMs),
      });
    });
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password/${token}`;
    // Not awaited: answering only after the mail server replied would tell who has an account.
    deps.mailer
      .send(passwordResetMail({ to: user.email, firstName: user.first_name, link }))
      .catch((error: unknown) => {
        deps.logger.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
      });
    return {};
  };
}
