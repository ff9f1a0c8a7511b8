import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base } from './event-fields';

export const bookDeletedV1 = defineEvent({
  name: 'book.deleted',
  version: 1,
  schema: z.object({ ...base, deletedAt: z.string() }),
  description:
    'The book is gone for good: deleted from the trash by its author, purged 30 days after it was trashed, or ' +
    "its author's account was deleted. Every service removes what it holds of it (chapter jobs, cover " +
    'records and images, exports, manuscripts). Handlers must be idempotent.',
});
