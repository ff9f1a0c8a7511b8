import { AppError, commentMessages, type CommentThread } from '@bookwright/contracts/http';
import type { Bus } from '@bookwright/kit';
import type { Kysely } from 'kysely';
import type { BookDatabase } from '../db/schema';
import { peopleById, type Person } from '../access/people';
import { chapterText } from './anchoring';
import { commentsRepository } from './comments.repository';
import { presentThreads } from './present-comments';

/** user.people.get answers at most this many ids at once. */
const peoplePerRequest = 500;

/** Names and emails from the user service, however many people. */
export async function namesOf(bus: Bus, userIds: readonly string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(userIds)];
  const found = new Map<string, Person>();
  for (let at = 0; at < unique.length; at += peoplePerRequest)
    for (const [id, person] of await peopleById(bus, unique.slice(at, at + peoplePerRequest))) found.set(id, person);
  return found;
}

/**
 * The book's threads as the API shows them (or one thread's, `threadId`): the rows, the texts of the
 * chapters they are anchored in, and their writers' names. Not in a transaction: the user service is asked.
 */
export async function readThreads(
  deps: { db: Kysely<BookDatabase>; bus: Bus },
  bookId: string,
  threadId?: string,
): Promise<CommentThread[]> {
  const rows = await commentsRepository.list(deps.db, bookId, threadId);
  const numbers = [...new Set(rows.flatMap((row) => (row.anchor ? [row.anchor.chapter] : [])))];
  const nodes = await commentsRepository.chapterNodes(deps.db, bookId, numbers);
  const texts = new Map([...nodes].map(([number, stored]) => [number, chapterText(stored)]));
  const people = await namesOf(
    deps.bus,
    rows.flatMap((row) => (row.resolved_by ? [row.author_id, row.resolved_by] : [row.author_id])),
  );
  return presentThreads(rows, texts, people);
}

/** One thread as the API shows it; 404 when it is gone (deleted by its author in the meantime). */
export async function readThread(
  deps: { db: Kysely<BookDatabase>; bus: Bus },
  bookId: string,
  threadId: string,
): Promise<CommentThread> {
  const [thread] = await readThreads(deps, bookId, threadId);
  if (!thread) throw new AppError(404, commentMessages.notFound);
  return thread;
}
