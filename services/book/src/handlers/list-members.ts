import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { peopleById, presentMember } from '../access/people';
import { presentInvitation } from '../access/present-invitation';
import { nowOf, type BookHandlerDeps } from './deps';
import { requireOwned } from '../domain/owned-book';

type Def = (typeof requests.book)['listMembers'];

/** GET /book/{id}/members: everyone on the book (the owner first) for anyone on it; invitations for the owner. */
export function listMembers(deps: BookHandlerDeps) {
  return async ({ userId, bookId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const book = await requireOwned(deps, { userId, bookId, action: 'read', planFree: true });
    const shares = await membersRepository.listMembers(deps.db, bookId);
    const people = await peopleById(deps.bus, [book.user_id, ...shares.map((share) => share.user_id)]);
    const members = [
      presentMember(people, book.user_id, 'owner'),
      ...shares.map((share) => presentMember(people, share.user_id, share.role)),
    ].filter((member) => member !== undefined);
    const invitations =
      book.role === 'owner'
        ? (await membersRepository.pendingInvitations(deps.db, { bookId }, nowOf(deps))).map(presentInvitation)
        : [];
    return { members, invitations };
  };
}
