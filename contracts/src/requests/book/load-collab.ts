import { defineRequest } from '../../bus/define';
import { CollabLoadRequestSchema, CollabLoadSchema } from './live-document';

export const loadCollabRequest = defineRequest({
  name: 'book.collab.load',
  version: 1,
  request: CollabLoadRequestSchema,
  response: CollabLoadSchema,
  description:
    'Internal (the collab service checked access): the manuscript of a book in the library with its version, and the Yjs state stored beside it when that was taken at the same version (else state null: rebuild the document from the manuscript); with documentWithState false, the manuscript is left out (null) when the state is answered. 404 for an unknown or trashed book, 409 for one with no manuscript yet.',
});
