import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { CreateWorkspaceRequestSchema, WorkspaceSchema } from '../../http/workspaces/workspaces';

export const createWorkspaceRequest = defineRequest({
  name: 'book.workspace.create',
  version: 1,
  request: z.object({ userId: z.string(), ...CreateWorkspaceRequestSchema.shape }),
  response: WorkspaceSchema,
  description:
    'POST /workspaces: an Enterprise account creates its team workspace and is its owner (402 on other plans; 409 when it owns one already).',
});
