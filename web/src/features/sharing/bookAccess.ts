import { mayDo, type BookAction, type BookRole } from '@bookwright/contracts/http';
import { useHasPlan } from '../billing/planAccess';

/**
 * What the signed-in person may do to one book (issue 43). The role decides, by the contracts' table; a plan
 * matters only on one's own book, since the book's owner pays for every change to it: a co-author without
 * a plan of their own edits someone else's book, and an owner without one reads their own.
 */
export interface BookAccess {
  role: BookRole;
  /** The contracts' table for this role. */
  may: (action: BookAction) => boolean;
  /** True when the text cannot be changed here: a role without "edit", or one's own book without a plan. */
  readOnly: boolean;
  /** One's own book without a plan: what would change it leads to the plans instead. */
  needsPlan: boolean;
}

/** `inWorkspace`: a team workspace's book, which the workspace's owner pays for (issue 43), not its admins. */
export function bookAccess(role: BookRole, hasPlan: boolean, inWorkspace = false): BookAccess {
  const needsPlan = role === 'owner' && !hasPlan && !inWorkspace;
  return {
    role,
    may: (action) => mayDo(role, action),
    readOnly: needsPlan || !mayDo(role, 'edit'),
    needsPlan,
  };
}

export function useBookAccess(book: { role: BookRole; workspaceId?: string | undefined }): BookAccess {
  return bookAccess(book.role, useHasPlan(), book.workspaceId !== undefined);
}
