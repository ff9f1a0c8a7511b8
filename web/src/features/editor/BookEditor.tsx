import { useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref, type RefObject } from 'react';
import { EditorContent, useEditor, type Editor, type JSONContent } from '@tiptap/react';
import {
  documentText,
  emptyDocument,
  chapterCharacters,
  estimatePages,
  type TiptapDocument,
  type TiptapNode,
} from '@bookwright/contracts/http';
import { suggestChangesKey } from '@handlewithcare/prosemirror-suggest-changes';
import { openSuggestionCount, printedManuscript } from '@bookwright/manuscript';
import { Suggestions } from '../collab/suggestions/suggestChangesExtension';
import { SuggestionBar } from '../collab/suggestions/SuggestionBar';
import { bookExtensions } from './extensions';
import type { ImageUploadsOptions } from './images/imageUploads';
import { Toolbar } from './Toolbar';
import { ImageUploadStatusLine } from './images/ImageUploadStatusLine';
import { useChapterImages } from './images/useChapterImages';
import './editor.css';
import { useOpenAtPassage } from './opening/useOpenAtPassage';

export interface BookEditorHandle {
  /** The document as JSON text (what PATCH /book/content sends) and the edit it reflects. */
  snapshot(): { bookContent: string; version: number };
  /** The snapshot of `version` is saved: clean again unless the author typed since. */
  markSaved(version: number): void;
  /** The tiptap editor itself, for the rewrite panel. */
  editor(): Editor;
  /** Shows a manuscript the server now holds (a restored revision) as saved, undoable with Ctrl+Z. */
  replaceSaved(bookContent: string): void;
  /** Shows a text the server does not hold yet (a local draft): dirty, undoable with Ctrl+Z. */
  replaceUnsaved(bookContent: string): void;
  focus(): void;
}

function parseContent(bookContent: string | null): TiptapNode {
  if (!bookContent) return emptyDocument;
  try {
    return JSON.parse(bookContent) as TiptapNode;
  } catch {
    return emptyDocument;
  }
}

interface BookEditorProps {
  bookContent: string | null;
  /** The book images are uploaded to (the toolbar's button, a paste, a drop); none without it. */
  bookId?: string;
  onDirtyChange: (dirty: boolean) => void;
  /** Every edit (autosave's clock): cheap, nothing is serialised here. */
  onChange?: () => void;
  onSaveShortcut: () => void;
  /** An account without a plan reads its books: nothing to type into, no toolbar. */
  readOnly?: boolean;
  /** The author: their suggestions are "You"'s, and what they type inside a Word reviewer's stays theirs. */
  selfUserId?: string | undefined;
  /** The editor, once made: the comments' highlights and panel read it. */
  onEditor?: (editor: Editor | undefined) => void;
  ref?: Ref<BookEditorHandle>;
}

/** The author decides every suggestion in their own book (a Word re-import's, decision 0057); nobody's are forced. */
const soloPolicy = { forced: false, decides: true } as const;

/**
 * The manuscript editor (tiptap). Its document lives in the editor only: not in React state and not in
 * Redux. React re-renders nothing per keystroke (shouldRerenderOnTransaction: false); dirtiness is tracked
 * from the editor's update events and reported once per change of state.
 */
export function BookEditor({
  bookContent,
  onDirtyChange,
  onChange,
  onSaveShortcut,
  readOnly = false,
  bookId,
  selfUserId,
  onEditor,
  ref,
}: BookEditorProps) {
  const [initial] = useState(() => parseContent(bookContent));
  const images = useChapterImages(bookId);
  const extensions = useSoloExtensions(images.options, selfUserId);
  const version = useRef(0);
  const savedVersion = useRef(0);
  const dirty = useRef(false);
  const callbacks = useRef({ onDirtyChange, onChange, onSaveShortcut });
  useEffect(() => {
    callbacks.current = { onDirtyChange, onChange, onSaveShortcut };
  });

  const editor = useEditor({
    extensions,
    content: initial as JSONContent,
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
        // Read-only, the text takes no typing but must still take focus, so the keyboard can scroll it.
        ...(readOnly ? { 'aria-readonly': 'true', tabindex: '0' } : {}),
      },
      handleKeyDown: (_view, event) => {
        if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 's') {
          event.preventDefault();
          callbacks.current.onSaveShortcut();
          return true;
        }
        return false;
      },
    },
    onUpdate: () => {
      version.current += 1;
      if (!dirty.current) {
        dirty.current = true;
        callbacks.current.onDirtyChange(true);
      }
      callbacks.current.onChange?.();
    },
  });

  // The role can change while the book is open (a viewer made co-author, book.member.role-changed): useEditor
  // keeps the editable state it was created with, so it is set here (without an update: nothing was typed).
  useEffect(() => {
    if (editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  useBookEditorHandle(ref, editor, { version, savedVersion, dirty, callbacks });
  useOpenAtPassage(editor);
  useReportEditor(editor, onEditor);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {!readOnly && <Toolbar editor={editor} />}
      <ImageUploadStatusLine status={images.status} />
      {!readOnly && <SuggestionBar editor={editor} policy={soloPolicy} selfUserId={selfUserId} withSwitch={false} />}
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

/** The book's extensions and the suggestions' (who suggested what, and deciding them; the author edits directly). */
function useSoloExtensions(images: ImageUploadsOptions | undefined, selfUserId: string | undefined) {
  return useMemo(
    () => [...bookExtensions(images ? { images } : {}), Suggestions.configure({ selfUserId })],
    [images, selfUserId],
  );
}

/** Tells the page which editor is there (and that it is gone). */
function useReportEditor(editor: Editor, onEditor: ((editor: Editor | undefined) => void) | undefined) {
  useEffect(() => {
    onEditor?.(editor);
    return () => onEditor?.(undefined);
  }, [editor, onEditor]);
}

/**
 * Puts a whole manuscript in the editor (a restored revision, a re-import, a draft), undoable, as an update.
 * Marked for the suggestions' extension to leave alone: it is not the author typing, so a Word reviewer's
 * suggestions in it stay the reviewer's (keepDirectEditsOwn would make them the author's).
 */
function replaceDocument(editor: Editor, content: string): void {
  editor
    .chain()
    .command(({ tr }) => {
      tr.setMeta(suggestChangesKey, { skip: true });
      return true;
    })
    .setContent(parseContent(content) as JSONContent, { emitUpdate: true })
    .run();
}

/** What the editor page may ask of the editor: its snapshot, its saved state, its content replaced. */
function useBookEditorHandle(
  ref: Ref<BookEditorHandle> | undefined,
  editor: Editor,
  {
    version,
    savedVersion,
    dirty,
    callbacks,
  }: {
    /** The edit counter, the edit the server holds, and whether they differ (as last reported). */
    version: RefObject<number>;
    savedVersion: RefObject<number>;
    dirty: RefObject<boolean>;
    callbacks: RefObject<{ onDirtyChange: (dirty: boolean) => void }>;
  },
) {
  useImperativeHandle(
    ref,
    () => ({
      snapshot: () => ({ bookContent: JSON.stringify(editor.getJSON()), version: version.current }),
      markSaved: (saved: number) => {
        savedVersion.current = saved;
        const nowDirty = version.current !== saved;
        if (nowDirty !== dirty.current) {
          dirty.current = nowDirty;
          callbacks.current.onDirtyChange(nowDirty);
        }
      },
      focus: () => editor.commands.focus(),
      editor: () => editor,
      replaceSaved: (content: string) => {
        replaceDocument(editor, content);
        savedVersion.current = version.current;
        dirty.current = false;
        callbacks.current.onDirtyChange(false);
      },
      replaceUnsaved: (content: string) => {
        // emitUpdate: the edit counts as the author's, so it is dirty and autosave sees it.
        replaceDocument(editor, content);
      },
    }),
    // The refs are the editor's own, the same object on every render.
    [editor, version, savedVersion, dirty, callbacks],
  );
}

/**
 * Words and the page estimate of spec §9, recounted shortly after typing stops (later on long books), of the
 * text as it is printed: open suggestions read as rejected, as the exports and the server's counts take it.
 */
export function EditorStats({ editor }: { editor: Editor }) {
  const [stats, setStats] = useState(() => count(editor));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onUpdate = () => {
      clearTimeout(timer);
      const delay = editor.state.doc.content.size > 50_000 ? 1_000 : 250;
      timer = setTimeout(() => setStats(count(editor)), delay);
    };
    editor.on('update', onUpdate);
    return () => {
      clearTimeout(timer);
      editor.off('update', onUpdate);
    };
  }, [editor]);

  return (
    <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-stone-200 bg-white px-4 py-2 text-xs text-stone-600 sm:px-6">
      <span data-testid="word-count">
        {stats.words.toLocaleString('en-GB')} {stats.words === 1 ? 'word' : 'words'}
      </span>
      {stats.openSuggestions > 0 && (
        <span data-testid="open-suggestions-counted">{withoutSuggestions(stats.openSuggestions)}</span>
      )}
      <span data-testid="page-estimate">About {stats.pages.toLocaleString('en-GB')} pages</span>
    </div>
  );
}

const withoutSuggestions = (count: number) =>
  `Counted without ${count.toLocaleString('en-GB')} open ${count === 1 ? 'suggestion' : 'suggestions'}`;

function count(editor: Editor): { words: number; pages: number; openSuggestions: number } {
  const document = editor.getJSON() as TiptapDocument;
  const printed = printedManuscript(document);
  const words = documentText(printed).split(/\s+/).filter(Boolean).length;
  return { words, pages: estimatePages(chapterCharacters(printed)), openSuggestions: openSuggestionCount(document) };
}
