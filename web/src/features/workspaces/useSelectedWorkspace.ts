import { useSearchParams } from 'react-router';
import type { Workspace } from '@bookwright/contracts/http';
import { workspaceParam } from './libraryScope';
import { useListWorkspacesQuery } from './workspacesApi';

/**
 * The workspace the library shows, from the address (`?workspace=<id>`, so a reload keeps it), and the
 * workspaces the person belongs to. An id that is not one of theirs (left, removed) means the personal
 * library; until the list has loaded the address is trusted, so a reload does not flash the personal books.
 */
export function useSelectedWorkspace(): {
  workspaceId: string | undefined;
  workspace: Workspace | undefined;
  workspaces: Workspace[];
} {
  const [params] = useSearchParams();
  const { data, isLoading } = useListWorkspacesQuery();
  const workspaces = data ?? [];
  const requested = params.get(workspaceParam) ?? undefined;
  const workspace = workspaces.find((candidate) => candidate.id === requested);
  return { workspaceId: isLoading ? requested : workspace?.id, workspace, workspaces };
}
