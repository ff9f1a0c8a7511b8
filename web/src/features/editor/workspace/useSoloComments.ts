import { useCallback, useState } from 'react';
import type { Editor } from '@tiptap/core';
import type { BookAccess } from '../../sharing/bookAccess';
import { useListCommentsQuery } from '../../comments/commentsApi';
import { useWorkspaceComments } from '../../comments/useWorkspaceComments';
import type { ManuscriptSaves } from '../saving/useManuscriptSaves';
import type { useSidePanel } from './useSidePanel';

/**
 * The comments of a book nobody shares (decision 0057): the live editor's panel, highlights and bubble, shown
 * once the book has threads (a Word re-import brings its reviewer's comments back as threads) and for the
 * rest of the visit, so resolving or deleting the last one does not take the tab away under the author.
 * Before that the solo editor is as it was: no tab, no bubble, no highlights (the editor is not given to the
 * comments, so Ctrl+Alt+M does nothing either). A new comment's mark goes into the text, which the solo
 * editor's conditional save then stores. Answers what the side panel and the editor are given.
 */
export function useSoloComments({
  bookId,
  access,
  selfUserId,
  saves,
  panel,
}: {
  bookId: string;
  access: BookAccess;
  selfUserId: string | undefined;
  saves: Pick<ManuscriptSaves, 'flush'>;
  panel: ReturnType<typeof useSidePanel>;
}) {
  const [editor, setEditor] = useState<Editor>();
  const onEditor = useCallback((made: Editor | undefined) => setEditor(made), []);
  const threads = useListCommentsQuery(bookId).data;
  const [shown, setShown] = useState(false);
  // Adjusted while rendering, as React advises: the first answer with a thread turns the comments on.
  if (!shown && threads !== undefined && threads.length > 0) setShown(true);
  const comments = useWorkspaceComments({
    bookId,
    editor: shown ? editor : undefined,
    access,
    writesText: !access.readOnly,
    selfUserId,
    whenSaved: saves.flush,
    // Nobody else has the book open: nothing to tell other pages, nothing to hear from them.
    awareness: null,
    panel,
  });
  return {
    sidePanel: shown ? { comments: comments.panel, showComments: comments.showRequests } : {},
    bubble: shown ? comments.bubble : null,
    editorProps: { selfUserId, onEditor },
  };
}
