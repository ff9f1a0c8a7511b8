import { defineRequest } from '../../bus/define';
import { CollabSaveSchema, CollabSavedSchema } from './live-document';

export const saveCollabRequest = defineRequest({
  name: 'book.collab.save',
  version: 1,
  request: CollabSaveSchema,
  response: CollabSavedSchema,
  description:
    "Internal: stores a live document through the manuscript save (only the chapters whose text changed are written; the version and ETag move only when text changed; the revision policy applies; book.updated as for any save) and its Yjs state beside the chapters, in one transaction. 412 (code stale_manuscript, extra: manuscriptVersion) when the manuscript's text moved since ifMatch, unless it already holds this document; nothing is stored then. Metadata, cover and status changes never make it 412. 404 for an unknown or trashed book, 409 unless the book is ready, 400 for an invalid document.",
});
