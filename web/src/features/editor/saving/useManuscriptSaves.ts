import { useEffect, useRef, useState, type RefObject } from 'react';
import { newRequestId } from '../../../api/baseQuery';
import { useAppDispatch } from '../../../app/hooks';
import { toast } from '../../../components/toast';
import { editorTexts } from '../texts';
import { booksApi } from '../../books/booksApi';
import type { BookEditorHandle } from '../BookEditor';
import { patchIfMatchMinimal, type SaveOutcome, type VersionedBook } from './conditionalRequests';
import { createManuscriptSender } from './manuscriptSender';
import { ManuscriptSaver, type ManuscriptSnapshot, type SaverHooks, type SaveState } from './manuscriptSaver';
import { useDraftRecovery, useLocalDraft } from './useLocalDraft';
import { useManuscriptConflict } from './useManuscriptConflict';
import { usePageSaveMoments } from './usePageSaveMoments';

/**
 * The manuscript's saving in the editor page: the saver (autosave, If-Match, retries), the local draft, the
 * page's events (hidden, blur, leave, back online), the recovery of a draft on opening, and the conflict
 * between the author's text and another saved elsewhere.
 */
export function useManuscriptSaves({
  book,
  editor,
  userId,
  autosave,
}: {
  book: VersionedBook;
  editor: RefObject<BookEditorHandle | null>;
  userId: string | undefined;
  autosave: boolean;
}) {
  const bookId = book._id;
  const [state, setState] = useState<SaveState>('saved');
  /** The manuscript at the saver's ETag (undefined when unknown): tells a real conflict from a details-only change. */
  const baseContentRef = useRef<string | undefined>(book.bookContent ?? '');
  const snapshot = useEditorSnapshot(editor, book.bookContent ?? '');
  const { pageBook, storeServerBook } = usePageBook(book);
  const saver = useManuscriptSaver({
    book,
    pageBook: () => pageBook.current,
    snapshot,
    autosave,
    stateChanged: setState,
    events: { saved: onSaved, conflict: () => void onConflict(), failed: onFailed },
  });
  const draft = useLocalDraft({ bookId, userId, saver, snapshot });

  function onSaved(snap: ManuscriptSnapshot, outcome: Extract<SaveOutcome, { kind: 'saved' }>, explicit: boolean) {
    editor.current?.markSaved(snap.version);
    baseContentRef.current = snap.bookContent;
    storeServerBook(outcome.book, saver.etag);
    if (explicit) toast.success(editorTexts.saved);
    // The server has it: the draft goes, or follows the new version if the author typed on meanwhile.
    if (!saver.dirty()) {
      draft.cancel();
      draft.clear();
    } else draft.writeNow();
  }

  function onFailed(outcome: Extract<SaveOutcome, { kind: 'offline' | 'failed' }>, explicit: boolean) {
    draft.writeNow();
    if (explicit) toastSaveFailure(outcome);
  }

  const { onConflict, stopRefetching, ...conflictChoice } = useManuscriptConflict({
    bookId,
    editor,
    saver,
    draft,
    snapshot,
    baseContentRef,
    storeServerBook,
  });
  usePageSaveMoments(saver, draft.writeNow, () => {
    draft.cancel();
    stopRefetching();
  });
  useDraftRecovery({ book, userId, editor, saver, baseContentRef });

  return {
    state,
    saver,
    /** The conflict shown to the author, and their choice. */
    ...conflictChoice,
    /** The editor changed: autosave's clock, and the draft (at most once a second). */
    changed() {
      saver.changed();
      draft.schedule();
    },
    save: (explicit: boolean) => saver.saveNow(explicit),
    retryNow: () => void saver.retryNow(),
    writeDraftNow: draft.writeNow,
    /** Saves what is pending; true when the server then has everything. */
    async flush(): Promise<boolean> {
      await saver.saveNow();
      return !saver.dirty();
    },
    /** The editor now shows what the server holds (a restore from History). */
    adoptServer(server: VersionedBook) {
      baseContentRef.current = server.bookContent ?? '';
      saver.adopt(snapshot().version, server.etag ?? saver.etag);
      draft.clear();
    },
    /** The manuscript the saver's ETag stands for, when known. */
    baseContent: () => baseContentRef.current,
    storeServerBook,
  };
}

export type ManuscriptSaves = ReturnType<typeof useManuscriptSaves>;

/** A refusal says why (the spec's 4xx texts); the server's own trouble gets the spec's save failure text. */
function toastSaveFailure(outcome: Extract<SaveOutcome, { kind: 'offline' | 'failed' }>) {
  const refusal = outcome.kind === 'failed' && outcome.status < 500 ? outcome.msg : undefined;
  toast.error(refusal ?? editorTexts.saveFailure);
}

/**
 * The book as the page holds it, which a save answered with its version only is laid over, and how the
 * page stores a book the server answered. What it stores is taken at once, not after the next render: a
 * save may be answered before it (the details fetched on a 412, then saved on).
 */
function usePageBook(book: VersionedBook) {
  const dispatch = useAppDispatch();
  const pageBook = useRef(book);
  useEffect(() => {
    pageBook.current = book;
  }, [book]);
  function storeServerBook(server: VersionedBook, etag: string | undefined) {
    pageBook.current = etag ? { ...server, etag } : server;
    dispatch(booksApi.util.upsertQueryData('getBook', book._id, pageBook.current));
  }
  return { pageBook, storeServerBook };
}

/** The editor's document now; the last one taken once the editor is gone. */
function useEditorSnapshot(editor: RefObject<BookEditorHandle | null>, bookContent: string) {
  const lastSnapshot = useRef<ManuscriptSnapshot>({ bookContent, version: 0 });
  return (): ManuscriptSnapshot => {
    if (editor.current) lastSnapshot.current = editor.current.snapshot();
    return lastSnapshot.current;
  };
}

/**
 * The saver, made once per page, sending whole saves of this book. What it reports (saved,
 * conflict, failed) reaches the latest render's functions.
 */
function useManuscriptSaver({
  book,
  pageBook,
  snapshot,
  autosave,
  stateChanged,
  events,
}: {
  book: VersionedBook;
  pageBook: () => VersionedBook;
  snapshot: () => ManuscriptSnapshot;
  autosave: boolean;
  stateChanged: (state: SaveState) => void;
  events: Pick<SaverHooks, 'saved' | 'conflict' | 'failed'>;
}) {
  const live = useRef(events);
  useEffect(() => {
    live.current = events;
  });
  const [saver] = useState(
    // The hooks read the refs when the saver calls them, after render; the compiler cannot tell.
    // eslint-disable-next-line react-hooks/refs
    () =>
      new ManuscriptSaver(
        {
          snapshot,
          send: createManuscriptSender({ bookId: book._id, patch: patchIfMatchMinimal, book: pageBook }),
          newRequestId,
          saved: (...args) => live.current.saved(...args),
          conflict: (snap) => live.current.conflict(snap),
          failed: (...args) => live.current.failed(...args),
          stateChanged,
        },
        book.etag,
        0,
        autosave,
      ),
  );
  useEffect(() => saver.setAutosave(autosave), [saver, autosave]);
  return saver;
}
