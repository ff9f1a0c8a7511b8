import type { requests } from '@bookwright/contracts/bus';
import type { z } from 'zod';
import { membersRepository } from '../access/members.repository';
import { booksRepository } from '../repositories/books.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import type { BookHandlerDeps } from './deps';

type Def = (typeof requests.book)['sharedBookIds'];

/**
 * Internal, for the live event stream: the books shared with a person or in their workspaces (their own are
 * theirs by the events), and their workspaces (a book created in one later joins the stream by its event).
 */
export function listSharedBooks(deps: BookHandlerDeps) {
  return async ({ userId }: z.output<Def['request']>): Promise<z.input<Def['response']>> => {
    const shared = (await membersRepository.sharedWith(deps.db, userId)).map((share) => share.book_id);
    const inWorkspaces = (await booksRepository.listWorkspaceSummaries(deps.db, userId))
      .filter((book) => book.user_id !== userId)
      .map((book) => book.id);
    const workspaceIds = (await workspacesRepository.ofPerson(deps.db, userId)).map((workspace) => workspace.id);
    return { bookIds: [...new Set([...shared, ...inWorkspaces])], workspaceIds };
  };
}
