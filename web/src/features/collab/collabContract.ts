import {
  collabCloseCodes,
  collabCloseReasons,
  CollabTokenSchema,
  type CollabCloseReason,
  type CollabToken,
} from '@bookwright/contracts/http';

/** What the live editor takes from the collab service's contracts (contracts/src/http/books/collab.ts). */
export {
  collabDocumentName,
  collabPath,
  parseCollabSaveState,
  type CollabSaveState,
  type CollabToken,
} from '@bookwright/contracts/http';

/**
 * The answer of the token route, checked at the boundary; undefined for anything else, an expiry that is not
 * a time included (the renewal is timed from it).
 */
export function collabTokenOf(body: unknown): CollabToken | undefined {
  const parsed = CollabTokenSchema.safeParse(body);
  return parsed.success && Number.isFinite(Date.parse(parsed.data.expiresAt)) ? parsed.data : undefined;
}

/**
 * What the page does when the server closes the book's connection (the contracts' reasons):
 * - `stop`: the person may no longer open the book (removed, or the book is gone): no reconnect;
 * - `rejoin`: a new token first (the new role comes with it), then join again at once;
 * - `reload`: the server refused what this page sent (a bug, or an edit from someone who may only read):
 *   nothing more is sent until the page is loaded again;
 * - `later`: the server could not check access now; join again after a pause;
 * - `network`: the socket dropped; it reconnects by itself.
 */
export type CloseAction = 'stop' | 'rejoin' | 'reload' | 'later' | 'network';

const actions: Record<CollabCloseReason, CloseAction> = {
  [collabCloseReasons.accessRemoved]: 'stop',
  [collabCloseReasons.bookGone]: 'stop',
  [collabCloseReasons.roleChanged]: 'rejoin',
  [collabCloseReasons.tokenExpired]: 'rejoin',
  [collabCloseReasons.invalidMessage]: 'reload',
  [collabCloseReasons.readOnly]: 'reload',
  [collabCloseReasons.unavailable]: 'later',
};

const reasonByCode = new Map<number, CollabCloseReason>(
  Object.entries(collabCloseCodes).map(([reason, code]) => [code, reason as CollabCloseReason]),
);

const isCloseReason = (reason: string): reason is CollabCloseReason => Object.hasOwn(actions, reason);

/**
 * The action for a close: by its reason (the provider's close of one document carries the server's reason
 * with code 1000), else by its code (a close of the whole socket). Any other close is the network's.
 */
export function closeActionOf(event: { code: number; reason?: string }): CloseAction {
  const reason = event.reason && isCloseReason(event.reason) ? event.reason : reasonByCode.get(event.code);
  return reason ? actions[reason] : 'network';
}
