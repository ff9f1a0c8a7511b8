import { AppError, accountMessages, apiMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { sameEmail } from '@bookwright/contracts/text';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { usersRepository } from '../repositories/users.repository';
import { verifyPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';

type Def = typeof requests.user.deleteAccount;

/**
 * DELETE /user/{id}: the password confirms it (or, for an account without one, the email typed again).
 * The row goes with its sessions and reset tokens (ON DELETE CASCADE) in the transaction that records
 * `user.deleted`, so no service can miss the news; each one removes what it holds of the user.
 */
export function deleteAccount(deps: UserHandlerDeps) {
  return async ({ userId, confirmation }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const user = await usersRepository.findById(deps.db, userId);
    if (!user) throw new AppError(404, apiMessages.notFound);
    if (user.password_hash) {
      if (!('password' in confirmation)) throw new AppError(400, accountMessages.deleteConfirmation);
      if (!(await verifyPassword(user.password_hash, confirmation.password)))
        throw new AppError(400, accountMessages.wrongPassword);
    } else if (!('email' in confirmation) || !sameEmail(confirmation.email, user.email_normalized)) {
      throw new AppError(400, accountMessages.deleteEmailMismatch);
    }
    const deletedAt = deps.now().toISOString();
    await deps.db.transaction().execute(async (trx) => {
      if (!(await usersRepository.delete(trx, userId))) throw new AppError(404, apiMessages.notFound);
      await enqueueEvent(trx, events.userDeleted, { userId, deletedAt });
    });
    deps.relay.kick();
    deps.logger.info({ userId }, 'account deleted');
    return {};
  };
}
