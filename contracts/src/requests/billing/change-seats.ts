import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { SeatCountSchema } from '../../http/workspaces/workspaces';

export const changeSeatsRequest = defineRequest({
  name: 'billing.seats.change',
  version: 1,
  request: z.object({
    userId: z.string().describe("The workspace's owner, who pays"),
    workspaceId: z.string(),
    seats: SeatCountSchema,
  }),
  response: z.object({ seats: z.number().int() }),
  description:
    "Sets the quantity of the seat item of the owner's Enterprise subscription (Stripe, with proration; added when missing); in local payment mode nothing is charged. 402 without an Enterprise plan.",
});
