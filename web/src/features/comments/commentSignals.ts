import { useEffect } from 'react';
import type { Awareness } from 'y-protocols/awareness';

/*
 * Comment changes the bus does not announce (issue 44): a comment's text edited, a thread reopened, a
 * comment deleted publish no event, so the event stream cannot carry them. The page that made such a change
 * counts it in its awareness state (`comments`: a number that grows), which the live book's other pages
 * receive with the carets; a page seeing another page's count grow reads the threads again. Read-only people
 * have an awareness too, so their changes travel the same way. A page that joins later reads the threads
 * when it opens, so a count it sees for the first time asks for nothing.
 */

const field = 'comments';

const countOf = (state: Record<string, unknown> | null | undefined): number =>
  typeof state?.[field] === 'number' ? state[field] : 0;

/** Tells the other pages of the book that this page changed its comments. */
export function announceCommentChange(awareness: Awareness | null | undefined): void {
  if (!awareness) return;
  awareness.setLocalStateField(field, countOf(awareness.getLocalState()) + 1);
}

/** Calls `onChange` when another page of the book announces a change of the comments. */
export function useCommentSignals(awareness: Awareness | null | undefined, onChange: () => void): void {
  useEffect(() => {
    if (!awareness) return;
    const seen = new Map<number, number>();
    for (const [client, state] of awareness.getStates()) seen.set(client, countOf(state));
    const follow = ({ added, updated }: { added: number[]; updated: number[] }) => {
      let changed = false;
      for (const client of [...added, ...updated]) {
        if (client === awareness.clientID) continue;
        const count = countOf(awareness.getStates().get(client));
        const before = seen.get(client);
        seen.set(client, count);
        if (before !== undefined && count > before) changed = true;
      }
      if (changed) onChange();
    };
    awareness.on('change', follow);
    return () => awareness.off('change', follow);
  }, [awareness, onChange]);
}
