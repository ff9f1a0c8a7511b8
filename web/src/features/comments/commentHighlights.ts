import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey, type EditorState, type Transaction } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import type { CommentAnchor } from '@bookwright/contracts/http';
import { commentMarkRanges, rangeOfAnchor, type TextRange } from './anchorRange';

/** What the highlights need of a thread. */
export interface HighlightedThread {
  id: string;
  anchor: CommentAnchor;
  resolved: boolean;
}

interface HighlightState {
  threads: readonly HighlightedThread[];
  activeId: string | undefined;
  /** Where each thread's text is now; a thread missing here is on deleted text. */
  placed: ReadonlyMap<string, TextRange>;
  decorations: DecorationSet;
}

interface HighlightChange {
  threads?: readonly HighlightedThread[];
  activeId?: string | undefined;
}

export const commentHighlightsKey = new PluginKey<HighlightState>('commentHighlights');

/** Places every thread in the document and paints the open ones (and the active one, even resolved). */
function place(doc: PmNode, threads: readonly HighlightedThread[], activeId: string | undefined): HighlightState {
  // A book without comments is not walked on every keystroke.
  if (threads.length === 0) return { threads, activeId, placed: new Map(), decorations: DecorationSet.empty };
  const marks = commentMarkRanges(doc);
  const placed = new Map<string, TextRange>();
  const decorations: Decoration[] = [];
  for (const thread of threads) {
    const range = rangeOfAnchor(doc, thread.anchor, marks);
    if (!range) continue;
    placed.set(thread.id, range);
    if (thread.resolved && thread.id !== activeId) continue;
    const active = thread.id === activeId;
    decorations.push(
      Decoration.inline(range.from, range.to, {
        nodeName: 'mark',
        class: active ? 'comment-anchor comment-anchor-active' : 'comment-anchor',
        'data-thread-id': thread.id,
      }),
    );
  }
  return { threads, activeId, placed, decorations: DecorationSet.create(doc, decorations) };
}

/** The threads placed in an editor's state now: id → range (absent: on deleted text). */
export function placedThreads(state: EditorState): ReadonlyMap<string, TextRange> {
  return commentHighlightsKey.getState(state)?.placed ?? new Map();
}

/** A transaction telling the highlights which threads there are and which one the reader is on. */
export function setHighlights(tr: Transaction, change: HighlightChange): Transaction {
  return tr.setMeta(commentHighlightsKey, change).setMeta('addToHistory', false);
}

/**
 * The comments' highlights in the manuscript (issue 44): each open thread's text in a `<mark
 * class="comment-anchor">`, placed again whenever the document changes (a remote edit included), so a
 * highlight stays on its text while the text around it changes. Decorations, never part of the document:
 * everyone has them, read-only people too. A plugin the comments register on the live editor once it is
 * made, so the editor's own extensions do not change. `onActivate`: the reader clicked a highlight.
 */
export function commentHighlightsPlugin(onActivate: (threadId: string) => void): Plugin<HighlightState> {
  return new Plugin<HighlightState>({
    key: commentHighlightsKey,
    state: {
      init: (_config, state) => place(state.doc, [], undefined),
      apply: (tr, previous, _old, state) => {
        const change = tr.getMeta(commentHighlightsKey) as HighlightChange | undefined;
        if (!change && !tr.docChanged) return previous;
        const threads = change?.threads ?? previous.threads;
        const activeId = change && 'activeId' in change ? change.activeId : previous.activeId;
        return place(state.doc, threads, activeId);
      },
    },
    props: {
      decorations: (state) => commentHighlightsKey.getState(state)?.decorations,
      handleClick: (_view, _pos, event) => {
        const target = event.target instanceof Element ? event.target.closest('mark[data-thread-id]') : null;
        const id = target?.getAttribute('data-thread-id');
        if (id) onActivate(id);
        return false;
      },
    },
  });
}
