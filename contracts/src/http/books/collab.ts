import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';
import { BookRoleSchema, type BookRole } from '../../entities/book/access';

/**
 * Live books (issue 44, decision 0043): what the browser, the gateway and the collab service agree on to
 * open a shared book's live document. The web imports it; nothing here touches Node.
 */

/** The path of the collab WebSocket on the gateway (and on the Ingress, which routes it to the collab Service). */
export const collabPath = '/collab';

/** How long a collab token is good for; the browser asks for a new one before then and sends it on the socket. */
export const collabTokenTtlMs = 5 * 60 * 1000;

/** The one live document of a book: `book:<bookId>`. */
export const collabDocumentName = (bookId: string): string => `book:${bookId}`;

/** The book a document name stands for, or undefined for a name that is not `book:<id>`. */
export function bookIdOfDocument(documentName: string): string | undefined {
  const match = /^book:([A-Za-z0-9_-]{1,100})$/.exec(documentName);
  return match?.[1];
}

/**
 * Viewers and commenters open the live document read-only: the server drops their document updates and
 * closes a connection that sends one (awareness, their cursor, still flows). Editors write: their changes
 * are suggestions, which are marks in the document.
 */
export const collabReadOnly = (role: BookRole): boolean => role === 'viewer' || role === 'commenter';

/** What a collab token carries, signed by the gateway and checked by the collab service. */
export const CollabTokenClaimsSchema = z.object({
  userId: z.string().min(1).max(200),
  bookId: z.string().min(1).max(100),
  role: BookRoleSchema,
  /** Expiry, milliseconds since the epoch. */
  exp: z.number().int().positive(),
});
export type CollabTokenClaims = z.infer<typeof CollabTokenClaimsSchema>;

/** `POST /book/{id}/collab-token`. */
export const CollabTokenSchema = z.object({
  token: z.string().describe('Pass to HocuspocusProvider as `token`; fetch a new one before expiresAt'),
  expiresAt: isoDateTimeSchema.describe('When the collab service stops taking this token (5 minutes from now)'),
  role: BookRoleSchema,
  readOnly: z.boolean().describe('Viewers and commenters: the server drops document updates from this connection'),
  url: z.literal(collabPath).describe('The WebSocket path on this host (ws:// or wss:// as the page)'),
  documentName: z.string().describe('book:<bookId>, the HocuspocusProvider `name`'),
});
export type CollabToken = z.infer<typeof CollabTokenSchema>;

/**
 * Why the server closed a book's live connection: the `reason` of the provider's `close` event (and of the
 * WebSocket close when the whole socket goes). The web acts on it:
 * - `access-removed`, `book-gone`: stop; the book is no longer open to this person (no reconnect);
 * - `role-changed`, `token-expired`: reconnect with a fresh token (the new role comes with it);
 * - `invalid-message`, `read-only`: a bug or a hostile client; reload the page before trying again;
 * - `unavailable`: the book service could not be asked (or the server is stopping); reconnect later.
 */
export const collabCloseReasons = {
  accessRemoved: 'access-removed',
  bookGone: 'book-gone',
  roleChanged: 'role-changed',
  tokenExpired: 'token-expired',
  invalidMessage: 'invalid-message',
  readOnly: 'read-only',
  unavailable: 'unavailable',
} as const;
export type CollabCloseReason = (typeof collabCloseReasons)[keyof typeof collabCloseReasons];

/** WebSocket close codes sent with those reasons (4000–4999 are the application's). */
export const collabCloseCodes: Record<CollabCloseReason, number> = {
  'access-removed': 4403,
  'book-gone': 4404,
  'role-changed': 4409,
  'token-expired': 4401,
  'invalid-message': 4400,
  'read-only': 4405,
  unavailable: 4503,
};

/**
 * Whether the live document is stored: `saving` while edits wait for their save (at most 2 s) or one is
 * on its way, `saved` once the book service holds them, `retrying` while the book service or its database
 * is away (the editor shows "Not saved: retrying"; nothing is dropped, the server keeps trying).
 */
export const collabSaveStates = ['saved', 'saving', 'retrying'] as const;
export const CollabSaveStateSchema = z.enum(collabSaveStates);
export type CollabSaveState = z.infer<typeof CollabSaveStateSchema>;

/** The stateless message the server sends each connection when the save state changes, and on connecting. */
export const CollabSaveStateMessageSchema = z.object({
  type: z.literal('save-state'),
  state: CollabSaveStateSchema,
});
export type CollabSaveStateMessage = z.infer<typeof CollabSaveStateMessageSchema>;

/** The stateless message's text (a provider's `stateless` event payload) as a save state, or undefined. */
export function parseCollabSaveState(payload: string): CollabSaveState | undefined {
  try {
    const parsed = CollabSaveStateMessageSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data.state : undefined;
  } catch {
    return undefined;
  }
}
