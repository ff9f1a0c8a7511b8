import type { Editor } from '@tiptap/core';
import { BubbleMenu } from '@tiptap/react/menus';
import { anchorOfSelection } from './anchorRange';
import { commentTexts } from './commentTexts';
import type { LiveComments } from './useLiveComments';

/**
 * The "Comment" button beside a selection in the manuscript, for everyone who may comment, read-only
 * readers too (tiptap's own rule shows a bubble only in an editable editor).
 */
export function CommentBubble({ editor, comments }: { editor: Editor; comments: LiveComments }) {
  return (
    <BubbleMenu
      editor={editor}
      pluginKey="commentBubble"
      shouldShow={({ view, state, from, to }) => {
        if (from === to || !view.hasFocus()) return false;
        const anchor = anchorOfSelection(state.doc, from, to);
        return anchor !== undefined && !('error' in anchor);
      }}
      options={{ placement: 'top' }}
      className="z-20"
    >
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => comments.startComment()}
        aria-keyshortcuts="Control+Alt+M"
        title={`${commentTexts.commentOnSelection} (${commentTexts.shortcut})`}
        className="rounded-lg bg-ink-900 px-3 py-1.5 text-sm font-semibold text-white shadow-md hover:bg-ink-800"
        data-testid="comment-bubble"
      >
        {commentTexts.comment}
      </button>
    </BubbleMenu>
  );
}
