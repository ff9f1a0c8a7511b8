import { z } from 'zod';
import { defineRequest } from '../../bus/define';

// Internal: billing's reconciliation of reservations that no book confirmed.
export const holdsAllowanceRequest = defineRequest({
  name: 'book.allowance.held',
  version: 1,
  request: z.object({ userId: z.string(), key: z.string().min(1).max(200) }),
  response: z.object({ held: z.boolean() }),
  description:
    "Internal: whether one of the user's books holds the allowance reserved under this key (its creation, translation or current retry); billing gives back a reservation that none holds.",
});
