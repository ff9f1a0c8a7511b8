import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { Transaction } from '@tiptap/pm/state';
import { suggestChangesKey } from '@handlewithcare/prosemirror-suggest-changes';
import type { Awareness } from 'y-protocols/awareness';
import { quoteNotFoundMessage, type CommentAnchor, type CommentThread } from '@bookwright/contracts/http';
import { errorMessage, isApiError } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { randomUuid } from '../../lib/uuid';
import { anchorOfSelection, commentMarkName, commentMarkRanges, locateQuote } from './anchorRange';
import { commentHighlightsKey, commentHighlightsPlugin, placedThreads, setHighlights } from './commentHighlights';
import { announceCommentChange, useCommentSignals } from './commentSignals';
import { commentTexts } from './commentTexts';
import { commentsApi, useCreateCommentMutation, useDeleteCommentMutation, useListCommentsQuery } from './commentsApi';

/** A comment being written: the passage it is about. */
export interface CommentDraft {
  anchor: CommentAnchor;
}

export interface LiveCommentsOptions {
  bookId: string;
  editor: Editor | undefined;
  /** The reader's role may comment (owner, co-author, editor, commenter). */
  mayComment: boolean;
  /** The reader writes to the live document: a new comment's text gets its mark. */
  writesText: boolean;
  /** Resolves once the server holds this page's edits (the live session's whenSaved). */
  whenSaved: () => Promise<boolean>;
  /** The live book's awareness: comment changes no event announces travel there (commentSignals.ts). */
  awareness?: Awareness | null | undefined;
}

/** The stored chapters trail the live document by up to 2 s (decision 0043): a fresh quote is tried again after. */
const storedChaptersLagMs = 2_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Open threads first, each group oldest first (the API's order). */
export function orderThreads(threads: readonly CommentThread[]): { open: CommentThread[]; resolved: CommentThread[] } {
  return { open: threads.filter((t) => !t.resolved), resolved: threads.filter((t) => t.resolved) };
}

/** The comment mark's type when the reader writes to the document and the book's schema has it. */
function markTypeOf(editor: Editor | undefined, writesText: boolean) {
  return writesText && editor?.isEditable ? editor.schema.marks[commentMarkName] : undefined;
}

/** Takes a new comment's mark off the text again (its thread was not made, or was deleted). */
function removeMark(editor: Editor, commentId: string): void {
  const type = editor.schema.marks[commentMarkName];
  const range = type && commentMarkRanges(editor.state.doc).get(commentId);
  if (!type || !range) return;
  const { tr } = editor.state;
  editor.state.doc.nodesBetween(range.from, range.to, (node, pos) => {
    for (const mark of node.marks)
      if (mark.type === type && mark.attrs['commentId'] === commentId) tr.removeMark(pos, pos + node.nodeSize, mark);
  });
  editor.view.dispatch(markTransaction(tr));
}

/**
 * A comment mark's transaction: out of the page's undo history (undo is for the text), and never made a
 * suggestion while the page suggests (the suggestions' library leaves a transaction marked `skip` alone).
 */
export function markTransaction(tr: Transaction): Transaction {
  return tr.setMeta('addToHistory', false).setMeta(suggestChangesKey, { skip: true });
}

/**
 * A live book's comments in the editor (issue 44): the threads, where each is in the text now (the
 * highlights' placement, following every edit), the thread the reader is on, and writing a new one from the
 * selection (the Comment button, Ctrl+Alt+M).
 */
export function useLiveComments({ bookId, editor, mayComment, writesText, whenSaved, awareness }: LiveCommentsOptions) {
  const list = useListCommentsQuery(bookId);
  const announce = useCommentAnnouncements(bookId, awareness);
  const threads = list.data;
  const [activeId, setActiveId] = useState<string>();
  const [draft, setDraft] = useState<CommentDraft>();
  /** Counts the reader's asks to see the comments (a highlight clicked, a comment started): the panel shows its tab. */
  const [showRequests, setShowRequests] = useState(0);
  const askToShow = useCallback(() => setShowRequests((n) => n + 1), []);
  /**
   * Of those, the asks that need the comments in view whatever the screen: a comment started (its form is
   * in the panel), Ctrl+Alt+M. A highlight tapped in the text is not one: on a phone the panel is a sheet
   * over the manuscript, and a tap to put the caret in commented text must leave the text in view.
   */
  const [openRequests, setOpenRequests] = useState(0);
  const askToOpen = useCallback(() => {
    setOpenRequests((n) => n + 1);
    askToShow();
  }, [askToShow]);

  const activate = useCallback(
    (id: string | undefined) => {
      setActiveId(id);
      if (id) askToShow();
    },
    [askToShow],
  );
  const placed = useCommentHighlights(editor, threads, activeId, activate);

  /** Starts a comment on the editor's selection; false when there is none to comment on. */
  const startComment = useCallback((): boolean => {
    if (!editor || !mayComment) return false;
    const { from, to } = editor.state.selection;
    const anchor = anchorOfSelection(editor.state.doc, from, to);
    if (!anchor || 'error' in anchor) return false;
    setDraft({ anchor });
    askToOpen();
    return true;
  }, [editor, mayComment, askToOpen]);

  const postDraft = usePostDraft({ bookId, editor, writesText, whenSaved, draft, setDraft, setActiveId });
  const remove = useRemoveComment({ bookId, editor, writesText, announce });
  const showInText = useShowInText(editor, setActiveId);
  useCommentShortcut(editor, startComment, activate, askToOpen);

  const ordered = useMemo(() => orderThreads(threads ?? []), [threads]);
  return {
    threads,
    ordered,
    loading: list.isLoading,
    loadFailed: list.isError,
    placed,
    /** The placement is the live document's (the editor is there); else the server's onDeletedText stands. */
    placing: editor !== undefined,
    activeId,
    activate,
    draft,
    startComment,
    cancelDraft: () => setDraft(undefined),
    postDraft,
    remove,
    showInText,
    showRequests,
    openRequests,
    /** Tells the book's other pages that a comment was edited, reopened or resolved here. */
    announce,
  };
}

/**
 * The comment changes between this book's pages: the list is read again when another page announces one
 * (commentSignals.ts); answers how this page announces its own.
 */
function useCommentAnnouncements(bookId: string, awareness: Awareness | null | undefined) {
  const dispatch = useAppDispatch();
  const readAgain = useCallback(
    () => dispatch(commentsApi.util.invalidateTags([{ type: 'Comments', id: bookId }])),
    [dispatch, bookId],
  );
  useCommentSignals(awareness, readAgain);
  return useCallback(() => announceCommentChange(awareness), [awareness]);
}

/**
 * The highlights: a plugin of the live editor for as long as the comments are shown with it, given the
 * threads and the active one. Answers the threads whose text is in the document now (the ranges themselves
 * are read from the editor when needed).
 */
function useCommentHighlights(
  editor: Editor | undefined,
  threads: readonly CommentThread[] | undefined,
  activeId: string | undefined,
  activate: (id: string | undefined) => void,
): ReadonlySet<string> {
  const [placed, setPlaced] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(commentHighlightsPlugin(activate));
    const follow = () => {
      // Only a thread's coming or going re-renders the panel, not every keystroke moving the ranges.
      const next = new Set(placedThreads(editor.state).keys());
      setPlaced((previous) => (sameIds(previous, next) ? previous : next));
    };
    editor.on('transaction', follow);
    return () => {
      editor.off('transaction', follow);
      if (!editor.isDestroyed) editor.unregisterPlugin(commentHighlightsKey);
    };
  }, [editor, activate]);

  useEffect(() => {
    if (!editor || editor.isDestroyed || !commentHighlightsKey.getState(editor.state)) return;
    const highlighted = (threads ?? []).map(({ id, anchor, resolved }) => ({ id, anchor, resolved }));
    editor.view.dispatch(setHighlights(editor.state.tr, { threads: highlighted, activeId }));
  }, [editor, threads, activeId]);
  return placed;
}

/** Posts the draft (its text marked first when this page writes); answers the message to show when it failed. */
function usePostDraft({
  bookId,
  editor,
  writesText,
  whenSaved,
  draft,
  setDraft,
  setActiveId,
}: {
  bookId: string;
  editor: Editor | undefined;
  writesText: boolean;
  whenSaved: () => Promise<boolean>;
  draft: CommentDraft | undefined;
  setDraft: (draft: CommentDraft | undefined) => void;
  setActiveId: (id: string) => void;
}) {
  const [createComment] = useCreateCommentMutation();
  return useCallback(
    async (body: string): Promise<string | undefined> => {
      if (!draft || !editor) return commentTexts.postFailure;
      const markType = markTypeOf(editor, writesText);
      // The mark goes on the text as it is now (the others may have typed since the selection was made).
      const range = markType && locateQuote(editor.state.doc, draft.anchor);
      const markId = range ? randomUuid() : undefined;
      if (markType && range && markId) {
        const tr = editor.state.tr.addMark(range.from, range.to, markType.create({ commentId: markId }));
        editor.view.dispatch(markTransaction(tr));
      }
      const anchor = markId ? { ...draft.anchor, markId } : draft.anchor;
      const post = () => createComment({ bookId, anchor, body }).unwrap();
      try {
        let thread: CommentThread;
        try {
          thread = await post();
        } catch (error) {
          // A passage typed a moment ago may not be in the stored chapters yet: once more, after they are.
          if (!(isApiError(error) && error.msg === quoteNotFoundMessage(anchor.chapter))) throw error;
          await whenSaved();
          await sleep(storedChaptersLagMs);
          thread = await post();
        }
        setDraft(undefined);
        setActiveId(thread.id);
        return undefined;
      } catch (error) {
        if (markId) removeMark(editor, markId);
        return errorMessage(error, commentTexts.postFailure);
      }
    },
    [draft, editor, writesText, createComment, bookId, whenSaved, setDraft, setActiveId],
  );
}

/** Deletes a thread or a reply; a thread's mark leaves the text with it when this page writes to it. */
function useRemoveComment({
  bookId,
  editor,
  writesText,
  announce,
}: {
  bookId: string;
  editor: Editor | undefined;
  writesText: boolean;
  announce: () => void;
}) {
  const [deleteComment] = useDeleteCommentMutation();
  return useCallback(
    async (thread: CommentThread, commentId: string): Promise<string | undefined> => {
      try {
        await deleteComment({ bookId, commentId }).unwrap();
        announce();
        const markId = thread.anchor.markId;
        if (commentId === thread.id && markId && editor && markTypeOf(editor, writesText)) removeMark(editor, markId);
        return undefined;
      } catch (error) {
        return errorMessage(error, commentTexts.changeFailure);
      }
    },
    [deleteComment, bookId, editor, writesText, announce],
  );
}

/**
 * Brings a thread's text into view and marks it as the active highlight. `select`: the reader chose it
 * (a click, Enter): the text is selected in the manuscript and focus goes there; a thread merely focused
 * in the panel leaves focus where it is.
 */
function useShowInText(editor: Editor | undefined, setActiveId: (id: string) => void) {
  return useCallback(
    (thread: CommentThread, { select = false }: { select?: boolean } = {}) => {
      setActiveId(thread.id);
      const range = editor && placedThreads(editor.state).get(thread.id);
      if (!editor || !range) return;
      if (select) editor.chain().focus().setTextSelection(range).scrollIntoView().run();
      else scrollIntoPane(editor.view.dom.querySelector(`mark[data-thread-id="${CSS.escape(thread.id)}"]`));
    },
    [editor, setActiveId],
  );
}

/** Ctrl+Alt+M anywhere on the page: comment on the selection, or open the thread the caret is in. */
function useCommentShortcut(
  editor: Editor | undefined,
  startComment: () => boolean,
  activate: (id: string) => void,
  askToOpen: () => void,
): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || !event.altKey || event.code !== 'KeyM') return;
      // Typing in a form (a reply, the metadata) is not commenting on the manuscript's last selection.
      if (event.target instanceof HTMLElement && event.target.matches('input, textarea, select')) return;
      event.preventDefault();
      if (startComment() || !editor) return;
      const caret = editor.state.selection.from;
      const inside = [...placedThreads(editor.state)].find(([, range]) => range.from <= caret && caret <= range.to);
      if (inside) activate(inside[0]);
      askToOpen();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [startComment, editor, activate, askToOpen]);
}

export type LiveComments = ReturnType<typeof useLiveComments>;

/**
 * Scrolls the manuscript's own pane (its nearest scrolling ancestor) so the element is in its middle, and
 * nothing else: Element.scrollIntoView would scroll every ancestor, the page with the side panel too, and a
 * thread focused by a pointer press would move away from under the pointer before its click.
 */
function scrollIntoPane(element: Element | null): void {
  let pane = element?.parentElement ?? null;
  while (pane && !(pane.scrollHeight > pane.clientHeight && /auto|scroll/.test(getComputedStyle(pane).overflowY)))
    pane = pane.parentElement;
  if (!element || !pane) return;
  const box = element.getBoundingClientRect();
  const frame = pane.getBoundingClientRect();
  pane.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
}

function sameIds(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((id) => b.has(id));
}
