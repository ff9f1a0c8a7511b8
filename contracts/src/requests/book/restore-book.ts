import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { owned } from './request-fields';

export const restoreBookRequest = defineRequest({
  name: 'book.restore',
  version: 1,
  request: z.object(owned),
  response: z.object({}),
  description:
    'POST /book/{id}/restore: takes a book out of the trash as it was (planning, writing or translating resume) and publishes book.restored. 409 unless it is in the trash.',
});
