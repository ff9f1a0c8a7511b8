import type { Kysely } from 'kysely';
import type { Bus } from '@bookwright/kit';
import type { BookDatabase } from '../db/schema';
import type { AccessedBook } from '../access/book-access';
import { membersRepository } from '../access/members.repository';
import { workspacesRepository } from '../workspaces/workspaces.repository';
import { mentionedMembers } from './mentions';
import { namesOf } from './read-threads';

/**
 * Everyone with a role on a book (those a comment can mention): its owner, the people it is shared with
 * and, for a workspace's book, the workspace's members.
 */
export async function peopleOnBook(db: Kysely<BookDatabase>, book: AccessedBook): Promise<string[]> {
  const shares = await membersRepository.listMembers(db, book.id);
  const workspace = book.workspace_id ? await workspacesRepository.members(db, book.workspace_id) : [];
  return [...new Set([book.user_id, ...shares.map((s) => s.user_id), ...workspace.map((m) => m.user_id)])];
}

/** The members of the book a comment's text @-mentions (their user ids): see mentions.ts for the rule. */
export async function mentionsIn(deps: { db: Kysely<BookDatabase>; bus: Bus }, book: AccessedBook, text: string) {
  if (!text.includes('@')) return [];
  const people = await namesOf(deps.bus, await peopleOnBook(deps.db, book));
  return mentionedMembers(text, [...people.values()]);
}
