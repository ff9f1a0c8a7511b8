import { useEffect, useMemo } from 'react';
import type { Editor } from '@tiptap/core';
import { skipToken } from '@reduxjs/toolkit/query';
import type { Awareness } from 'y-protocols/awareness';
import { useListMembersQuery } from '../../sharing/sharingApi';
import { useListWorkspaceMembersQuery } from '../../workspaces/workspacesApi';
import { usePeopleInBook } from '../usePresence';
import { setSuggestionAuthorNames } from './suggestChangesExtension';

/** One line per person, `id\tname`, sorted: the same text for the same names, whatever order they came in. */
export function namesKey(people: Iterable<{ id: string; name: string }>): string {
  const names = new Map<string, string>();
  for (const person of people) names.set(person.id, person.name);
  return [...names]
    .map(([id, name]) => `${id}\t${name}`)
    .sort()
    .join('\n');
}

export function namesFromKey(key: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of key.split('\n')) {
    const tab = line.indexOf('\t');
    if (tab > 0) names.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return names;
}

/**
 * Gives the suggestions' decorations their authors' names: the book's people (the list the editor page read
 * already), a team workspace's members, and whoever is in the book now (someone who suggested and left the
 * book has no name here: "Someone"). The text is drawn again only when a name changes, not as carets move.
 */
export function useSuggestionAuthors(
  editor: Editor,
  book: { bookId: string; workspaceId: string | undefined },
  awareness: Awareness | null,
  selfUserId: string | undefined,
) {
  const members = useListMembersQuery(book.bookId).data?.members;
  const workspaceMembers = useListWorkspaceMembersQuery(book.workspaceId ?? skipToken).data?.members;
  const present = usePeopleInBook(awareness, selfUserId);
  const key = useMemo(
    () =>
      namesKey([
        ...present.map((person) => ({ id: person.userId, name: person.name })),
        ...(workspaceMembers ?? []),
        ...(members ?? []),
      ]),
    [present, members, workspaceMembers],
  );
  useEffect(() => {
    const names = namesFromKey(key);
    setSuggestionAuthorNames(editor, (userId) => names.get(userId));
  }, [editor, key]);
}
