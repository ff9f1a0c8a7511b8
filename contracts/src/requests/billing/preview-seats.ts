import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SeatCountSchema, SeatsPreviewSchema } from '../../http/workspaces/workspaces';

export const previewSeatsRequest = defineRequest({
  name: 'billing.seats.preview',
  version: 1,
  request: z.object({
    userId: z.string().describe("The workspace's owner, who pays"),
    currentSeats: z.number().int(),
    seats: SeatCountSchema,
  }),
  response: SeatsPreviewSchema,
  description:
    "What changing a workspace's seat count costs now (Stripe: the upcoming invoice with the seat item's new quantity, prorated) and monthly; changes nothing.",
});
