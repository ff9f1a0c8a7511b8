import type { Editor } from '@tiptap/react';
import { Selection, TextSelection } from '@tiptap/pm/state';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { openingRange, readOpeningRequest } from './openingTarget';

/** Whether the editor holds the book yet: a live editor starts with one empty paragraph until its first sync. */
const holdsText = (editor: Editor) => editor.state.doc.childCount > 1 || editor.state.doc.textContent.length > 0;

/**
 * Opens the editor where its link points (the sidebar search's passages: `?chapter=2&q=zoe`): the match is
 * selected and scrolled into view, once per visit. A live editor is waited for until its document arrives;
 * a chapter the book no longer has leaves the editor at its start.
 */
export function useOpenAtPassage(editor: Editor | undefined) {
  const [params] = useSearchParams();
  // Read once: the link is where the visit began, and the author moves on from there.
  const [request] = useState(() => readOpeningRequest(params));

  useEffect(() => {
    if (!editor || !request) return;
    let done = false;
    const attempt = () => {
      if (done || editor.isDestroyed || !holdsText(editor)) return;
      done = true;
      const range = openingRange(editor.state.doc, request);
      if (!range) return;
      const { doc } = editor.state;
      const selection =
        range.to > range.from
          ? TextSelection.create(doc, range.from, range.to)
          : Selection.near(doc.resolve(Math.min(range.from, doc.content.size)));
      // Focus first: ProseMirror scrolls to the selection the page's own selection shows, which only a
      // focused editor has. Not a change of the text: no save and no "unsaved" mark follow from it.
      editor.view.focus();
      editor.view.dispatch(editor.state.tr.setSelection(selection).scrollIntoView());
      // In the middle of the pane rather than at its edge, where ProseMirror stops: the reader came for it.
      const { node } = editor.view.domAtPos(selection.from);
      const block = node instanceof Element ? node : node.parentElement;
      block?.scrollIntoView?.({ block: 'center' });
    };
    // Not from inside the editor's own transaction event: the selection is a transaction of its own.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(attempt, 0);
    };
    attempt();
    if (!done) editor.on('transaction', later);
    return () => {
      done = true;
      clearTimeout(timer);
      editor.off('transaction', later);
    };
  }, [editor, request]);
}
