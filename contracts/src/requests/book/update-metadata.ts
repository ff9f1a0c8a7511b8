import { z } from 'zod';
import { defineRequest } from '../../bus/define';
import { BookSchema } from '../../entities/book/book';
import { UpdateMetadataRequestSchema } from '../../http/books/metadata';
import { owned, ifMatch } from './request-fields';

export const updateMetadataRequest = defineRequest({
  name: 'book.metadata.update',
  version: 1,
  request: z.object({ ...owned, metadata: UpdateMetadataRequestSchema, ...ifMatch }),
  response: BookSchema,
  description: 'Saves the publishing metadata. With ifMatch, 412 like book.content.update.',
});
