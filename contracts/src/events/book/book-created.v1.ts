import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { BookLanguageSchema, BookTypeSchema, GenreSchema } from '../../constants';
import { base } from './event-fields';
import { heldAllowanceFields } from './held-allowance';

export const bookCreatedV1 = defineEvent({
  name: 'book.created',
  version: 1,
  schema: z.object({
    ...base,
    title: z.string(),
    genre: GenreSchema,
    bookType: BookTypeSchema,
    language: BookLanguageSchema,
    targetAudience: z.string(),
    size: z.enum(['short', 'long']),
    prompt: z.string(),
    workspaceId: z.string().optional().describe("A team workspace's book: userId is the workspace's owner"),
    createdBy: z.string().optional().describe('Who created it, when not userId (a member of the workspace)'),
    ...heldAllowanceFields,
  }),
  description:
    'A book was created from a plan request and is in status planning. Billing keeps the reservation it holds (allowanceKey).',
});
