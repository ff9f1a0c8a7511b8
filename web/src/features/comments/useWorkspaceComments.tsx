import { useEffect, useRef } from 'react';
import type { Editor } from '@tiptap/core';
import type { Awareness } from 'y-protocols/awareness';
import type { BookAccess } from '../sharing/bookAccess';
import { CommentBubble } from './CommentBubble';
import { CommentsPanel } from './CommentsPanel';
import { useLiveComments } from './useLiveComments';

/** The side panel sits beside the manuscript from 1024 px (useSidePanel's breakpoint); below, it is a sheet over it. */
const panelBesideManuscript = () => window.matchMedia?.('(min-width: 1024px)').matches ?? true;

/**
 * A live book's comments, for its workspace (issue 44): the side panel's tab, the Comment bubble on a
 * selection, and how many times the reader asked to see them (the panel then shows its Comments tab).
 * `writesText`: the reader's page writes to the document (owner, co-author), so a new comment's text gets
 * its mark; anyone else's comment is found by its quote.
 */
export function useWorkspaceComments({
  bookId,
  editor,
  access,
  writesText,
  selfUserId,
  whenSaved,
  awareness,
  panel,
}: {
  bookId: string;
  editor: Editor | undefined;
  access: BookAccess;
  writesText: boolean;
  selfUserId: string | undefined;
  whenSaved: () => Promise<boolean>;
  awareness: Awareness | null | undefined;
  /** The side panel: opened when the reader asks to see the comments (a sheet on a narrow screen). */
  panel: { open: boolean; toggle: () => void };
}) {
  const mayComment = access.may('comment');
  const comments = useLiveComments({
    bookId,
    editor,
    mayComment,
    writesText: writesText && access.may('edit'),
    whenSaved,
    awareness,
  });
  const { open, toggle } = panel;
  const handledOpenRequests = useRef(comments.openRequests);
  useEffect(() => {
    const needed = handledOpenRequests.current !== comments.openRequests;
    handledOpenRequests.current = comments.openRequests;
    // A highlight tapped opens the panel only beside the manuscript: on a phone it is a sheet that would cover
    // the text the reader just tapped into (the Comments tab is still chosen, for when they open it).
    if (comments.showRequests > 0 && !open && (needed || panelBesideManuscript())) toggle();
    // Only a new ask opens it: closing it afterwards is the reader's to do.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [comments.showRequests, comments.openRequests]);
  const permissions = { selfUserId, mayComment, mayResolve: access.may('resolveComment') };
  return {
    panel: <CommentsPanel bookId={bookId} comments={comments} permissions={permissions} />,
    bubble: editor && mayComment ? <CommentBubble editor={editor} comments={comments} /> : null,
    showRequests: comments.showRequests,
  };
}
