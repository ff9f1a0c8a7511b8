import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SeatCountSchema, SeatsPreviewSchema } from '../../http/workspaces/workspaces';
import { workspaceAsker } from './request-fields';

export const previewWorkspaceSeatsRequest = defineRequest({
  name: 'book.workspace-seats.preview',
  version: 1,
  request: z.object({ ...workspaceAsker, seats: SeatCountSchema }),
  response: SeatsPreviewSchema,
  description:
    'GET /workspaces/{id}/seats/preview?seats=N: for an admin, what the new seat count would cost (billing.seats.preview).',
});
