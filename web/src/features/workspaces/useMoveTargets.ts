import type { BookSummary, Workspace } from '@bookwright/contracts/http';
import { useListWorkspacesQuery } from './workspacesApi';

/**
 * The workspaces a book may move into (issue 43): only the person's own personal book moves, into any
 * workspace they belong to. None for a shared book or a workspace's book.
 */
export function useMoveTargets(book: Pick<BookSummary, 'role' | 'workspaceId'>): Workspace[] {
  const movable = book.role === 'owner' && !book.workspaceId;
  const { data } = useListWorkspacesQuery(undefined, { skip: !movable });
  return movable ? (data ?? []) : [];
}
