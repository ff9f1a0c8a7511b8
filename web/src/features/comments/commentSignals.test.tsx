import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import * as Y from 'yjs';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import { announceCommentChange, useCommentSignals } from './commentSignals';

/** Two pages' awarenesses, each update of one delivered to the other (as the collab server does). */
function twoPages() {
  const a = new Awareness(new Y.Doc());
  const b = new Awareness(new Y.Doc());
  const relay = (from: Awareness, to: Awareness) =>
    from.on('update', ({ added, updated, removed }: Record<string, number[]>) => {
      const clients = [...added!, ...updated!, ...removed!];
      applyAwarenessUpdate(to, encodeAwarenessUpdate(from, clients), 'remote');
    });
  relay(a, b);
  relay(b, a);
  return { a, b };
}

describe('comment changes over the awareness', () => {
  it("reads the threads again when another page announces a change, not for its own nor for one's arrival", () => {
    const { a, b } = twoPages();
    a.setLocalStateField('user', { id: 'u1' });
    announceCommentChange(a); // before b listens: b read the threads when it opened
    const onChange = vi.fn();
    renderHook(() => useCommentSignals(b, onChange));
    expect(onChange).not.toHaveBeenCalled();
    a.setLocalStateField('cursor', { anchor: 1 }); // a caret move is no comment change
    expect(onChange).not.toHaveBeenCalled();
    announceCommentChange(a);
    expect(onChange).toHaveBeenCalledTimes(1);
    announceCommentChange(b); // b's own change
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
