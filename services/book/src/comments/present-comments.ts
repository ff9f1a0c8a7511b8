import { commentMessages, type CommentAuthor, type CommentReply, type CommentThread } from '@bookwright/contracts/http';
import type { Person } from '../access/people';
import { isOnDeletedText } from './anchoring';
import type { CommentRow } from './comments.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A comment's author by name; someone whose account is gone is a "Former member" (their words stay). */
export function authorOf(people: ReadonlyMap<string, Person>, userId: string): CommentAuthor {
  return { id: userId, name: people.get(userId)?.name ?? commentMessages.formerMember };
}

export function presentReply(
  row: Pick<CommentRow, 'id' | 'author_id' | 'body' | 'created_at' | 'edited_at'>,
  people: ReadonlyMap<string, Person>,
): CommentReply {
  return {
    id: row.id,
    author: authorOf(people, row.author_id),
    body: row.body,
    createdAt: iso(row.created_at),
    ...(row.edited_at ? { editedAt: iso(row.edited_at) } : {}),
  };
}

/**
 * A book's comment rows (oldest first) as threads with their replies. `chapters`: the texts of the chapters
 * the threads name, by number, from which each thread's `onDeletedText` is decided.
 */
export function presentThreads(
  rows: readonly CommentRow[],
  chapters: ReadonlyMap<number, string>,
  people: ReadonlyMap<string, Person>,
): CommentThread[] {
  const replies = new Map<string, CommentReply[]>();
  for (const row of rows)
    if (row.thread_id !== null)
      replies.set(row.thread_id, [...(replies.get(row.thread_id) ?? []), presentReply(row, people)]);
  return rows.flatMap((row) => {
    if (row.thread_id !== null || row.anchor === null) return [];
    const { id, author, body, createdAt, editedAt } = presentReply(row, people);
    const resolved = row.resolved_at !== null && row.resolved_by !== null;
    return [
      {
        id,
        author,
        body,
        anchor: row.anchor,
        createdAt,
        ...(editedAt ? { editedAt } : {}),
        resolved,
        ...(resolved ? { resolvedBy: authorOf(people, row.resolved_by!), resolvedAt: iso(row.resolved_at!) } : {}),
        onDeletedText: isOnDeletedText(row.anchor, chapters),
        replies: replies.get(row.id) ?? [],
      },
    ];
  });
}
