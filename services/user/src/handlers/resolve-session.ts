import { hashToken } from '@bookwright/kit';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { sessionsRepository } from '../repositories/sessions.repository';
import type { UserHandlerDeps } from './deps';

export function resolveSession(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.resolveSession)['request']>) => {
    const session = await sessionsRepository.findActiveByTokenHash(deps.db, hashToken(input.token), deps.now());
    if (!session) throw new AppError(401, apiMessages.unauthenticated);
    return { userId: session.user_id, sessionId: session.id, expiresAt: new Date(session.expires_at).toISOString() };
  };
}
