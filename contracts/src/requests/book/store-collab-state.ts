import { defineRequest } from '../../bus/define';
import { CollabStateStoreSchema, CollabStateStoredSchema } from './live-document';

export const storeCollabStateRequest = defineRequest({
  name: 'book.collab.store-state',
  version: 1,
  request: CollabStateStoreSchema,
  response: CollabStateStoredSchema,
  description:
    "Internal: keeps the Yjs state of a live document just built from the chapters (nobody edited it), so that the next book.collab.load answers it instead of the collab service building the document again. Stores nothing but the state: no chapter, manuscript version, ETag, revision or book.updated moves. Stored only while the manuscript is still at manuscriptVersion and no state of that version is kept (a live save's wins); otherwise stored false. Never an error for a book gone or trashed (stored false).",
});
