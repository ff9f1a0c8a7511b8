import { type requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import type { UserHandlerDeps } from './deps';
import { revokeSession } from '../domain/revoke-session';

export function logout(deps: UserHandlerDeps) {
  return async (input: z.output<(typeof requests.user.logout)['request']>) => {
    await deps.db.transaction().execute((trx) => revokeSession(trx, input.token, deps.now(), 'logout'));
    deps.relay.kick();
    return {};
  };
}
