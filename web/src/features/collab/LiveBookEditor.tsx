import { useEffect, useImperativeHandle, useMemo, useRef, type Ref } from 'react';
import { EditorContent, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import type { BookEditorHandle } from '../editor/BookEditor';
import { EditorStats } from '../editor/BookEditor';
import { Toolbar } from '../editor/Toolbar';
import { ImageUploadStatusLine } from '../editor/images/ImageUploadStatusLine';
import type { ImageUploadsOptions } from '../editor/images/imageUploads';
import { useChapterImages } from '../editor/images/useChapterImages';
import '../editor/editor.css';
import { useOpenAtPassage } from '../editor/opening/useOpenAtPassage';
import type { CollabSession } from './collabSession';
import { liveBookExtensions } from './liveExtensions';
import { LiveSuggestions, type LiveSuggestionsProps } from './suggestions/LiveSuggestions';
import './presence.css';

function parseContent(bookContent: string): JSONContent | undefined {
  try {
    return JSON.parse(bookContent) as JSONContent;
  } catch {
    return undefined;
  }
}

/**
 * The manuscript editor of a live book: the same page, toolbar and counts as the solo editor, its document
 * the book's Yjs document (shown once the server's sync came: the page never fills it). Undo is Yjs's: it
 * undoes this page's edits only, across the others'. Nothing here saves: every edit goes to the server as
 * it is typed.
 */
export function LiveBookEditor({
  session,
  selfUserId,
  readOnly,
  onEditor,
  onSaveShortcut,
  suggestions,
  bookId,
  ref,
}: {
  session: CollabSession;
  /** The book images are uploaded to (the toolbar's button, a paste, a drop); none without it. */
  bookId?: string;
  selfUserId: string | undefined;
  readOnly: boolean;
  /** Who suggests and who decides (the role's), and the book whose people name the suggestions' authors. */
  suggestions?: LiveSuggestionsProps;
  /** The editor, once made: the chapter list and the header's actions read it. */
  onEditor: (editor: Editor | undefined) => void;
  onSaveShortcut: () => void;
  ref?: Ref<BookEditorHandle>;
}) {
  const images = useChapterImages(bookId);
  const editor = useLiveEditor({ session, selfUserId, readOnly, onSaveShortcut, images: images.options });
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(undefined);
  }, [editor, onEditor]);
  useLiveEditorHandle(ref, editor);
  useOpenAtPassage(editor);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {!readOnly && <Toolbar editor={editor} />}
      <ImageUploadStatusLine status={images.status} />
      {suggestions && (
        <LiveSuggestions
          editor={editor}
          suggestions={suggestions}
          readOnly={readOnly}
          awareness={session.provider?.awareness ?? null}
          selfUserId={selfUserId}
        />
      )}
      <div
        className="min-h-0 flex-1 overflow-y-auto bg-paper-dark/60 px-2 py-4 sm:px-6 sm:py-8"
        data-testid="manuscript-scroll"
      >
        <div className="mx-auto max-w-[46rem] rounded-sm bg-white px-5 py-8 shadow-sm ring-1 ring-stone-900/5 sm:px-14 sm:py-14">
          <EditorContent editor={editor} />
        </div>
      </div>
      <EditorStats editor={editor} />
    </div>
  );
}

/**
 * The tiptap editor on the session's document, made once per session (the page keys LiveBookEditor on it).
 * Its options follow each render, as the solo editor's do, so the read-only attributes follow the role.
 */
function useLiveEditor({
  session,
  selfUserId,
  readOnly,
  onSaveShortcut,
  images,
}: {
  session: CollabSession;
  selfUserId: string | undefined;
  readOnly: boolean;
  onSaveShortcut: () => void;
  images: ImageUploadsOptions | undefined;
}): Editor {
  const awareness = session.provider?.awareness ?? null;
  const extensions = useMemo(
    () =>
      liveBookExtensions({
        document: session.doc,
        awareness,
        selfUserId,
        ...(images ? { images } : {}),
      }),
    [session, awareness, selfUserId, images],
  );
  const callbacks = useRef({ onSaveShortcut });
  useEffect(() => {
    callbacks.current = { onSaveShortcut };
  });
  const editor = useEditor({
    extensions,
    immediatelyRender: true,
    editable: !readOnly,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: 'manuscript',
        class: 'book-editor',
        'aria-label': 'Manuscript',
        'aria-multiline': 'true',
        role: 'textbox',
        spellcheck: 'true',
        'data-live': 'true',
        ...(readOnly ? { 'aria-readonly': 'true', tabindex: '0' } : {}),
      },
      handleKeyDown: (_view, event) => {
        // Every edit is on its way already: Ctrl+S only keeps the browser from saving the page.
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          callbacks.current.onSaveShortcut();
          return true;
        }
        return false;
      },
    },
  });
  // The role can change while the book is open (a new token says so): the editor follows without an edit.
  useEffect(() => {
    if (editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);
  return editor;
}

/** What the workspace's dialogs ask of the editor (the solo editor's handle). */
function useLiveEditorHandle(ref: Ref<BookEditorHandle> | undefined, editor: Editor) {
  useImperativeHandle(
    ref,
    () => ({
      snapshot: () => ({ bookContent: JSON.stringify(editor.getJSON()), version: 0 }),
      markSaved: () => undefined,
      editor: () => editor,
      // A restored version is a write outside the live document: the collab service applies it to the open
      // document (book.updated), so it reaches every page, this one too. Setting it here as well would be a
      // second, concurrent replacement of the text: both would be kept, and the book held twice.
      replaceSaved: () => undefined,
      replaceUnsaved: (content: string) => {
        const parsed = parseContent(content);
        if (parsed) editor.commands.setContent(parsed, { emitUpdate: true });
      },
      focus: () => editor.commands.focus(),
    }),
    [editor],
  );
}
