import { randomUUID } from 'node:crypto';
import { AppError, deriveUserName, signUpMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type requests } from '@bookwright/contracts/bus';
import { enqueueEvent } from '@bookwright/kit';
import type { z } from 'zod';
import { presentProfile, usersRepository } from '../repositories/users.repository';
import { identityLinksRepository } from '../repositories/identity-links.repository';
import type { UserHandlerDeps } from './deps';
import { openSession } from '../domain/open-session';

type Def = typeof requests.user.identitySignIn;

/**
 * Sign-in through an identity provider. The provider identity (issuer + subject) decides the account once
 * linked. Before that, an email only counts when the provider says it verified it: otherwise anyone able to
 * type someone else's address at a provider could take over (or pre-create) that person's account.
 */
export function identitySignIn(deps: UserHandlerDeps) {
  return async ({ claims, replacesToken }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const now = deps.now();
    const outcome = await deps.db.transaction().execute(async (trx) => {
      const linkedUserId = await identityLinksRepository.findUserId(trx, claims.issuer, claims.subject);
      let row = linkedUserId ? await usersRepository.findById(trx, linkedUserId) : undefined;
      let created = false;
      if (!row) {
        if (!claims.emailVerified) return undefined;
        row = await usersRepository.findByEmail(trx, claims.email);
        if (!row) {
          row = await usersRepository.insert(trx, {
            id: randomUUID(),
            firstName: claims.firstName,
            lastName: claims.lastName,
            email: claims.email,
            userName: deriveUserName(claims.firstName, claims.lastName),
            passwordHash: null,
          });
          // Only a concurrent sign-up with the same email gets here; the author can simply try again.
          if (!row) throw new AppError(409, signUpMessages.duplicate);
          created = true;
          await enqueueEvent(trx, events.userRegistered, {
            userId: row.id,
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            createdAt: new Date(row.created_at).toISOString(),
          });
        }
        await identityLinksRepository.insert(trx, { issuer: claims.issuer, subject: claims.subject, userId: row.id });
      }
      const session = await openSession(trx, row.id, now, replacesToken);
      return { row, created, session };
    });
    if (!outcome) {
      deps.logger.info({ issuer: claims.issuer }, 'identity-provider sign-in refused: email not verified');
      return { outcome: 'refused', reason: 'oidc_unverified_email' };
    }
    if (outcome.created || replacesToken) deps.relay.kick();
    deps.logger.info(
      { userId: outcome.row.id, created: outcome.created },
      outcome.created ? 'account created through an identity provider' : 'signed in through an identity provider',
    );
    return {
      outcome: 'signed-in',
      user: presentProfile(outcome.row),
      session: outcome.session,
      created: outcome.created,
    };
  };
}
