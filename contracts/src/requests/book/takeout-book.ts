import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { owned } from './request-fields';

export const takeoutBookRequest = defineRequest({
  name: 'book.takeout.book',
  version: 1,
  request: z.object(owned),
  response: z.object({ book: BookSchema, deletedAt: z.string().nullable() }),
  description: 'One book whole (plan and manuscript), trashed or not, for the takeout; 404 for anyone else’s.',
});
