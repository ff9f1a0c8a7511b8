import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WorkspaceListSchema } from '../../http/workspaces/workspaces';

export const listWorkspacesRequest = defineRequest({
  name: 'book.workspaces.list',
  version: 1,
  request: z.object({ userId: z.string() }),
  response: WorkspaceListSchema,
  description: 'GET /workspaces: the workspaces the person belongs to, with their role and the seats.',
});
