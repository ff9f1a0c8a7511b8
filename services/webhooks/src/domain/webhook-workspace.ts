import { AppError, webhookMessages } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';

/** An endpoint scoped to a workspace needs its creator to belong to it: 404 otherwise, as for any workspace. */
export async function requireWorkspaceMember(bus: Bus, userId: string, workspaceId: string): Promise<void> {
  const { workspaces } = await bus.request(requests.book.listWorkspaces, { userId });
  if (!workspaces.some((workspace) => workspace.id === workspaceId))
    throw new AppError(404, webhookMessages.workspaceNotFound);
}
