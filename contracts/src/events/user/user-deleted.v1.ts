import { z } from 'zod';
import { defineEvent } from '../../bus/define';

export const userDeletedV1 = defineEvent({
  name: 'user.deleted',
  version: 1,
  schema: z.object({ userId: z.string(), deletedAt: z.string() }),
  description:
    'An account was deleted. Every service removes what it holds of that user (rows and blobs) when it ' +
    'handles this event; billing also cancels any paid subscription. Handlers must be idempotent.',
});
