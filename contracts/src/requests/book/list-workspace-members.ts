import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { WorkspaceMembersSchema } from '../../http/workspaces/workspaces';
import { workspaceAsker } from './request-fields';

export const listWorkspaceMembersRequest = defineRequest({
  name: 'book.workspace-members.list',
  version: 1,
  request: z.object(workspaceAsker),
  response: WorkspaceMembersSchema,
  description:
    'GET /workspaces/{id}/members: its people and seats for any member; pending invitations for admins only (empty for the others). 404 for anyone else.',
});
