import { AppError, apiMessages, type requests } from '@bookwright/contracts';
import type { z } from 'zod';
import { sessionsRepository } from '../repositories/sessions.repository';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import { hashToken } from '../domain/secret-tokens';
import type { UserHandlerDeps } from './deps';
import { revokeSession } from './revoke-session';

export function logout(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.logout)['request']>) => {
    await deps.db.transaction().execute((trx) => revokeSession(trx, input.token, deps.now(), 'logout'));
    deps.relay.kick();
    return {};
  };
}

export function resolveSession(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.resolveSession)['request']>) => {
    const session = await sessionsRepository.findActiveByTokenHash(deps.db, hashToken(input.token), deps.now());
    if (!session) throw new AppError(401, apiMessages.unauthenticated);
    return { userId: session.user_id, sessionId: session.id, expiresAt: new Date(session.expires_at).toISOString() };
  };
}

export function getProfile(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.getProfile)['request']>) => {
    const user = await usersRepository.findById(deps.db, input.userId);
    if (!user) throw new AppError(404, apiMessages.notFound);
    return presentProfile(user);
  };
}
