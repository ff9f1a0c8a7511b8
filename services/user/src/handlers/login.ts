import { AppError, loginMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import { decoyPasswordHash, verifyPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';
import { openSession } from '../domain/open-session';

type Def = typeof requests.user.login;

export function login(deps: UserHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const user = await usersRepository.findByEmail(deps.db, input.email);
    // Verify against a decoy when the account does not exist: same message and same cost either way.
    const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!user || !valid) throw new AppError(401, loginMessages.invalidCredentials);
    const session = await deps.db
      .transaction()
      .execute((trx) => openSession(trx, user.id, deps.now(), input.replacesToken));
    if (input.replacesToken) deps.relay.kick();
    return { user: presentProfile(user), session };
  };
}
