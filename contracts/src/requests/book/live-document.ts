import { z } from 'zod';
import { documentDepthMessages, documentTooDeep } from '../../entities/book/document-depth';
import type { TiptapDocument } from '../../entities/book/tiptap-document';

/**
 * A tag of a book's manuscript text alone (the hash of its chapters' hashes, decision 0043): it moves when
 * and only when the text does, never with the metadata, the cover or the status, which move the book's
 * ETag. A live document's save is conditional on it, so a co-author saving the metadata does not fail the
 * document's save.
 */
export const ManuscriptVersionSchema = z
  .string()
  .regex(/^m[0-9a-f]{64}$/, 'A manuscript version is the one book.collab.load or book.collab.save answered');
export type ManuscriptVersion = z.infer<typeof ManuscriptVersionSchema>;

/**
 * The whole manuscript as tiptap JSON, checked here for its shape only: the book service checks its nodes
 * against the editor's schema (skipping the chapters it already holds), so a 100,000-word book is not run
 * through the node schema on both sides of the bus. Typed as the document it is checked as (the cast
 * changes no check; a z.custom would have no JSON Schema for the AsyncAPI document).
 */
export const CollabDocumentSchema = z
  .object({
    type: z.literal('doc'),
    content: z.array(z.record(z.string(), z.unknown())).max(1_000_000),
  })
  // Its depth too, before the book service's node schema recurses over it (document-depth.ts).
  .refine((document) => !documentTooDeep(document), {
    message: documentDepthMessages.tooDeep,
  }) as unknown as z.ZodType<TiptapDocument, TiptapDocument>;

/**
 * A Yjs document's state as one update (Y.encodeStateAsUpdate), base64. Large for a long book (the text
 * and its formatting, a few MB for 100,000 words): the bus moves bodies past NATS's max_payload through its
 * Object Store (architecture.md, "bus"), so the limit here is only a guard against a runaway document.
 */
export const CollabStateSchema = z
  .string()
  .max(64_000_000)
  .regex(/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/, 'The state must be base64');

/**
 * Which stored state a book's row holds: it changes with every state stored (a live save, a built state),
 * whatever the text did. The collab service keeps a closed document's state with it for a few seconds, and
 * opens from it again only while the stored state is still that one (a save by another replica, or a
 * state stored at the same version with other items, would make it another).
 */
export const CollabStateStampSchema = z.string().min(1).max(64);

export const collabMessages = {
  /** 412: the manuscript's text moved since the live document loaded or last saved it (an outside write). */
  stale: 'The manuscript was changed outside the live document',
  /** 409: a book still being planned has no manuscript to edit live. */
  noManuscript: 'This book has no manuscript yet',
} as const;

export const CollabLoadSchema = z.object({
  bookId: z.string(),
  manuscriptVersion: ManuscriptVersionSchema,
  document: CollabDocumentSchema.nullable().describe(
    'The whole manuscript, as the editor holds it; null only when the request asked for it only without a state and a state is answered',
  ),
  state: CollabStateSchema.nullable().describe(
    'The stored Yjs state, only when it was taken at manuscriptVersion; null: build the document from `document` (on the server only)',
  ),
  stateVersion: ManuscriptVersionSchema.nullable().describe(
    'The manuscript version the state was taken at (equal to manuscriptVersion), null with no state',
  ),
  stateBuilt: z
    .boolean()
    .describe(
      'The state was built from the chapters (book.collab.store-state), not saved by a live document: an open applies it; a merge after an outside write merges the text instead. False with no state',
    ),
  stateStamp: CollabStateStampSchema.nullable()
    .optional()
    .describe('Which stored state stands (see CollabStateStampSchema); null with no state'),
  stateHeld: z
    .boolean()
    .optional()
    .describe(
      "True: the state the request's `held` names is the one stored and it stands; neither it nor the manuscript is sent (state and document null)",
    ),
});
export type CollabLoad = z.infer<typeof CollabLoadSchema>;

export const CollabLoadRequestSchema = z.object({
  bookId: z.string(),
  documentWithState: z
    .boolean()
    .optional()
    .describe(
      'false: leave the manuscript out when the state is answered (the document is filled from the state, and the text is not read, carried and checked for nothing); default true',
    ),
  held: z
    .object({ stateVersion: ManuscriptVersionSchema, stateStamp: CollabStateStampSchema })
    .optional()
    .describe(
      "The state the collab service still holds from the book's last live session: when it is the one stored and it stands, the answer says so (stateHeld) and sends neither the state nor the manuscript",
    ),
});
export type CollabLoadRequest = z.infer<typeof CollabLoadRequestSchema>;

export const CollabSaveSchema = z.object({
  bookId: z.string(),
  ifMatch: ManuscriptVersionSchema.describe('The manuscript version the document was loaded at or last saved at'),
  document: CollabDocumentSchema.describe('The whole manuscript as the live document holds it'),
  state: CollabStateSchema.describe('The Yjs state of that document, stored beside the chapters'),
  editedBy: z.array(z.string().min(1).max(200)).max(1_000).describe('The people whose edits are in it (user ids)'),
});
export type CollabSave = z.infer<typeof CollabSaveSchema>;

export const CollabSavedSchema = z.object({
  manuscriptVersion: ManuscriptVersionSchema.describe("The manuscript's version now: the next save's ifMatch"),
  etag: z.string().describe("The book's ETag now (it moves with the text, and with metadata too)"),
  changedChapters: z
    .array(z.number().int().min(0))
    .describe('The places (from 0) of the chapters whose text this save wrote; empty when the text was unchanged'),
  stateStamp: CollabStateStampSchema.optional().describe('The stamp of the state this save stored'),
});
export type CollabSaved = z.infer<typeof CollabSavedSchema>;

export const CollabStateStoreSchema = z.object({
  bookId: z.string(),
  manuscriptVersion: ManuscriptVersionSchema.describe('The manuscript version the document was built from'),
  state: CollabStateSchema.describe('The Yjs state of the document as built from that version, no edit in it'),
});
export type CollabStateStore = z.infer<typeof CollabStateStoreSchema>;

export const CollabStateStoredSchema = z.object({
  stored: z
    .boolean()
    .describe('False when the text moved since that version, a state of it is already kept, or the book is gone'),
  stateStamp: CollabStateStampSchema.optional().describe('The stamp of the state stored, when it was'),
});
export type CollabStateStored = z.infer<typeof CollabStateStoredSchema>;
