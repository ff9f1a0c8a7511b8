import type { Kysely } from 'kysely';
import { events } from '@bookwright/contracts/events';
import { enqueueEvent, hashToken } from '@bookwright/kit';
import type { UserDatabase } from '../db/schema';
import { sessionsRepository } from '../repositories/sessions.repository';

/**
 * Ends one session and announces it (user.session-revoked), so every gateway drops it from its session
 * cache. Call it inside the transaction and kick the relay after the commit. An unknown or already
 * revoked token changes nothing and announces nothing.
 */
export async function revokeSession(
  trx: Kysely<UserDatabase>,
  token: string,
  now: Date,
  reason: 'logout' | 'replaced',
): Promise<void> {
  const revoked = await sessionsRepository.revokeByTokenHash(trx, hashToken(token), now);
  if (!revoked) return;
  await enqueueEvent(trx, events.userSessionRevoked, {
    userId: revoked.user_id,
    sessionId: revoked.id,
    revokedAt: now.toISOString(),
    reason,
  });
}
