import { randomUUID } from 'node:crypto';
import { AppError, deriveUserName, signUpMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import { assertPasswordAcceptable, hashPassword } from '../domain/passwords';
import type { UserHandlerDeps } from './deps';
import { openSession } from '../domain/open-session';

type Def = typeof requests.user.signUp;

export function signUp(deps: UserHandlerDeps) {
  return async (input: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    assertPasswordAcceptable(input.password, { email: input.email });
    const passwordHash = await hashPassword(input.password);
    const now = deps.now();
    const created = await deps.db.transaction().execute(async (trx) => {
      const row = await usersRepository.insert(trx, {
        id: randomUUID(),
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        userName: deriveUserName(input.firstName, input.lastName),
        passwordHash,
      });
      if (!row) return undefined;
      const session = await openSession(trx, row.id, now, input.replacesToken);
      await enqueueEvent(trx, events.userRegistered, {
        userId: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        createdAt: new Date(row.created_at).toISOString(),
      });
      return { row, session };
    });
    if (!created) throw new AppError(409, signUpMessages.duplicate);
    deps.relay.kick();
    deps.logger.info({ userId: created.row.id }, 'account created');
    return { user: presentProfile(created.row), session: created.session };
  };
}
