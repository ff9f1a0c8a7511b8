import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SeatCountSchema, WorkspaceSchema } from '../../http/workspaces/workspaces';

export const setWorkspaceSeatsRequest = defineRequest({
  name: 'book.workspace-seats.set',
  version: 1,
  request: z.object({ workspaceId: z.string(), seats: SeatCountSchema, setBy: z.string() }),
  response: WorkspaceSchema.pick({ id: true, seats: true }),
  description:
    "Internal: a workspace's seat limit, from billing (its subscription's quantity) or an operator (npm run admin -- set-seats). Never fewer than its members.",
});
