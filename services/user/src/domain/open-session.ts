import { hashToken, newSecretToken } from '@bookwright/kit';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { sessionTtlMs, type IssuedSession } from '@bookwright/contracts/bus';
import type { UserDatabase } from '../db/schema';
import { sessionsRepository } from '../repositories/sessions.repository';
import { revokeSession } from './revoke-session';

/**
 * A fresh session id for every login (never reuse one), stored hashed with its expiry. The session the
 * browser already had (`replacesToken`) is revoked: signing in again never leaves a second one alive.
 * Run it in a transaction and kick the relay after the commit (the revocation is announced).
 */
export async function openSession(
  db: Kysely<UserDatabase>,
  userId: string,
  now: Date,
  replacesToken?: string,
): Promise<IssuedSession> {
  if (replacesToken) await revokeSession(db, replacesToken, now, 'replaced');
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + sessionTtlMs);
  await sessionsRepository.insert(db, { id: randomUUID(), userId, tokenHash: hashToken(token), expiresAt });
  return { token, expiresAt: expiresAt.toISOString() };
}
