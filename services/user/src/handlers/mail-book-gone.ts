import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { bookGoneMail } from '../domain/book-gone-mail';
import { usersRepository } from '../repositories/users.repository';
import type { UserHandlerDeps } from './deps';

type Def = (typeof requests.user)['mailBookGone'];

/** Internal: mails each person a book was shared with that it went with its owner's account. */
export function mailBookGone(deps: UserHandlerDeps) {
  return async ({ userIds, title }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    for (const person of await usersRepository.findPeople(deps.db, userIds))
      await deps.mailer
        .send(bookGoneMail({ to: person.email, firstName: person.first_name, title }))
        .catch((error: unknown) => deps.logger.error({ err: error, userId: person.id }, 'book-gone mail not sent'));
    return {};
  };
}
