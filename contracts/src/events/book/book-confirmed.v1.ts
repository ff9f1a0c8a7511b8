import { z } from 'zod';
import { defineEvent } from '../../bus/define';
import { base } from './event-fields';
import { heldAllowanceFields } from './held-allowance';

export const bookConfirmedV1 = defineEvent({
  name: 'book.confirmed',
  version: 1,
  schema: z.object({ ...base, attempt: z.number().int().positive(), ...heldAllowanceFields }),
  description:
    'The author confirmed the structure (or retried failed writing); the writer should write (or resume) the book. Billing keeps the reservation it holds (allowanceKey).',
});
