import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SeatCountSchema, WorkspaceSchema } from '../../http/workspaces/workspaces';
import { workspaceAsker } from './request-fields';

export const changeWorkspaceSeatsRequest = defineRequest({
  name: 'book.workspace-seats.change',
  version: 1,
  request: z.object({ ...workspaceAsker, seats: SeatCountSchema }),
  response: WorkspaceSchema,
  description:
    "PUT /workspaces/{id}/seats: an admin sets the seat count; billing changes the subscription's quantity (billing.seats.change, prorated) and the new limit holds from then on. 409 below the members.",
});
