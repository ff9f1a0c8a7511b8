import type { BookRole } from '@bookwright/contracts/http';

/** What the collab service knows of a live connection, from its token and the access check. */
export interface LiveContext {
  userId: string;
  bookId: string;
  role: BookRole;
  /** When its token runs out (epoch ms), unless a fresh one arrives on the socket first. */
  expiresAt: number;
  /** When its access was checked: a removal heard after this closes it even if it was not registered yet. */
  checkedAt: number;
}
