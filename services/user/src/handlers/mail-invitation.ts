import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { invitationMail } from '../domain/invitation-mail';
import type { UserHandlerDeps } from './deps';

type Def = (typeof requests.user)['mailInvitation'];

/** Internal: the book service's invitation, mailed with its link on the public address. */
export function mailInvitation(deps: UserHandlerDeps) {
  return async ({ path, ...invitation }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, '')}${path}`;
    await deps.mailer.send(invitationMail({ ...invitation, link }));
    return {};
  };
}
