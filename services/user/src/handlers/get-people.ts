import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { usersRepository } from '../repositories/users.repository';
import type { UserHandlerDeps } from './deps';

type Def = (typeof requests.user)['people'];

/** Internal: names and emails by id, for the people on a shared book. Unknown ids are left out. */
export function getPeople(deps: UserHandlerDeps) {
  return async ({ userIds }: z.output<Def['request']>): Promise<z.input<Def['response']>> => ({
    people: (await usersRepository.findPeople(deps.db, userIds)).map((row) => ({
      id: row.id,
      name: `${row.first_name} ${row.last_name}`.trim(),
      email: row.email,
    })),
  });
}
