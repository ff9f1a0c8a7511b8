import { isAppError, type BookRole } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import type { Bus } from '@bookwright/kit';

/** The book service's one access rule, as the collab service asks it: a person's role on a book now. */
export interface BookAccess {
  /** The role, or undefined when the person has none (removed, never shared, book gone or trashed). */
  roleOn(userId: string, bookId: string): Promise<BookRole | undefined>;
}

export function busBookAccess(bus: Bus, timeoutMs = 10_000): BookAccess {
  return {
    async roleOn(userId, bookId) {
      try {
        const answer = await bus.request(requests.book.access, { userId, bookId, action: 'read' }, { timeoutMs });
        return answer.role;
      } catch (error) {
        // 404: no role (or no such book); anything else (the book service away) is not an answer.
        if (isAppError(error) && error.status === 404) return undefined;
        throw error;
      }
    },
  };
}
