import { useEffect, useRef, useState, type RefObject } from 'react';
import { newRequestId } from '../../api/baseQuery';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../../components/toast';
import { editorTexts } from '../../texts';
import { booksApi } from '../books/booksApi';
import { textOf } from '../history/revisionDiff';
import { useSaveVersionMutation } from '../history/revisionsApi';
import type { BookEditorHandle } from './BookEditor';
import {
  fetchCurrentBook,
  fitsKeepalive,
  patchIfMatch,
  patchIfMatchMinimal,
  type SaveOutcome,
  type VersionedBook,
} from './conditionalRequests';
import { createManuscriptSender } from './chapterSaves';
import { clearDraft, readDraft, writeDraft } from './draftStore';
import { failingStates, ManuscriptSaver, type ManuscriptSnapshot, type SaveState } from './manuscriptSaver';
import { conflictTexts } from './saveTexts';

/** A draft is written at most this often while typing goes on (the whole document is serialised each time). */
const draftEveryMs = 1_000;
/** A conflict whose other side could not be fetched (offline) is looked at again after this long. */
const conflictRefetchMs = 5_000;

/** Two versions of the manuscript waiting for the author's choice. */
export interface ManuscriptConflict {
  /** Plain text of each side, for the dialog. */
  mine: string;
  other: string;
  otherBook: VersionedBook;
  otherEtag: string | undefined;
}

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
  const dispatch = useAppDispatch();
  const bookId = book._id;
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<ManuscriptConflict>();
  const [conflictOpen, setConflictOpen] = useState(false);
  const [resolving, setResolving] = useState(false);
  // Read by the saver's hooks, made on the first render: the user as it is now.
  const user = useRef(userId);
  useEffect(() => {
    user.current = userId;
  }, [userId]);
  const [saveVersion] = useSaveVersionMutation();
  /** The manuscript at the saver's ETag (undefined when unknown): tells a real conflict from a details-only change. */
  const baseContent = useRef<string | undefined>(book.bookContent ?? '');
  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSnapshot = useRef<ManuscriptSnapshot>({ bookContent: book.bookContent ?? '', version: 0 });
  // The saver's hooks reach the latest render's functions through this.
  const live = useRef({ saved: (..._: Parameters<typeof onSaved>) => {}, conflict: (_: ManuscriptSnapshot) => {} });

  const snapshot = (): ManuscriptSnapshot => {
    if (editor.current) lastSnapshot.current = editor.current.snapshot();
    return lastSnapshot.current;
  };

  // A save answered with its version only is laid over the book as this render has it.
  const latestBook = useRef(book);
  useEffect(() => {
    latestBook.current = book;
  }, [book]);

  const [saver] = useState(
    () =>
      new ManuscriptSaver(
        {
          snapshot,
          send: createManuscriptSender({
            bookId,
            whole: patchIfMatch,
            partial: patchIfMatchMinimal,
            book: () => latestBook.current,
          }),
          newRequestId,
          saved: (...args) => live.current.saved(...args),
          conflict: (snap) => live.current.conflict(snap),
          failed: (outcome, explicit) => {
            writeDraftNow();
            if (!explicit) return;
            // A refusal says why (the spec's 4xx texts); the server's own trouble gets the spec's save failure text.
            const refusal = outcome.kind === 'failed' && outcome.status < 500 ? outcome.msg : undefined;
            toast.error(refusal ?? editorTexts.saveFailure);
          },
          stateChanged: setState,
        },
        book.etag,
        0,
        autosave,
      ),
  );

  function storeServerBook(server: VersionedBook, etag: string | undefined) {
    dispatch(booksApi.util.upsertQueryData('getBook', bookId, etag ? { ...server, etag } : server));
  }

  function writeDraftNow() {
    clearTimeout(draftTimer.current);
    draftTimer.current = undefined;
    if (!user.current || !saver.dirty()) return;
    void writeDraft(user.current, bookId, {
      bookContent: snapshot().bookContent,
      baseEtag: saver.etag ?? null,
      savedAt: new Date().toISOString(),
    });
  }

  function onSaved(snap: ManuscriptSnapshot, outcome: Extract<SaveOutcome, { kind: 'saved' }>, explicit: boolean) {
    editor.current?.markSaved(snap.version);
    baseContent.current = snap.bookContent;
    storeServerBook(outcome.book, saver.etag);
    if (explicit) toast.success(editorTexts.saved);
    // The server has it: the draft goes, or follows the new version if the author typed on meanwhile.
    if (!saver.dirty()) {
      clearTimeout(draftTimer.current);
      draftTimer.current = undefined;
      if (userId) void clearDraft(userId, bookId);
    } else writeDraftNow();
  }

  /** 412: fetch the other side; the same text, or a change of the details only, needs no choice. */
  async function onConflict() {
    writeDraftNow();
    clearTimeout(refetchTimer.current);
    let current: Awaited<ReturnType<typeof fetchCurrentBook>>;
    try {
      current = await fetchCurrentBook(bookId);
    } catch {
      refetchTimer.current = setTimeout(() => void onConflict(), conflictRefetchMs);
      return;
    }
    const otherEtag = current.etag ?? current.book.etag;
    const otherContent = current.book.bookContent ?? '';
    const mine = snapshot();
    if (otherContent === mine.bookContent) {
      editor.current?.markSaved(mine.version);
      baseContent.current = otherContent;
      saver.resolved(otherEtag, mine.version);
      storeServerBook(current.book, otherEtag);
      if (userId && !saver.dirty()) void clearDraft(userId, bookId);
      return;
    }
    if (baseContent.current !== undefined && otherContent === baseContent.current) {
      // Only the book's details changed elsewhere: the manuscript is still the one this text was made from.
      saver.resolved(otherEtag);
      return;
    }
    setConflict({ mine: textOf(mine.bookContent), other: textOf(otherContent), otherBook: current.book, otherEtag });
    setConflictOpen(true);
  }

  useEffect(() => {
    live.current = { saved: onSaved, conflict: () => void onConflict() };
  });

  useEffect(() => saver.setAutosave(autosave), [saver, autosave]);

  // The page's moments to save: hidden, unfocused, left, back online.
  useEffect(() => {
    saver.resume();
    const onVisibility = () => {
      if (document.visibilityState !== 'hidden') return;
      writeDraftNow();
      void saver.saveIfAutosave();
    };
    const onBlur = () => void saver.saveIfAutosave();
    const onPageHide = () => {
      writeDraftNow();
      saver.leave((bookContent) => fitsKeepalive({ bookContent }));
    };
    const onOnline = () => saver.online();
    // The browser's own question, only when leaving would keep the text on this device alone.
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.dirty() || (saver.autosaving && !failingStates.has(saver.state))) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('blur', onBlur);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('blur', onBlur);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      clearTimeout(draftTimer.current);
      clearTimeout(refetchTimer.current);
      saver.dispose();
    };
    // writeDraftNow reads refs and the saver only; the listeners are set once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saver]);

  // A draft kept from an earlier visit (a crash, a reload, offline work): shown as unsaved text, saved on the
  // version it was edited from. A server still at that version takes it; any other answers 412, and the
  // author chooses (onConflict).
  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    void readDraft(userId, bookId).then((draft) => {
      const handle = editor.current;
      if (cancelled || !draft || !handle || saver.dirty()) return;
      if (draft.bookContent === (book.bookContent ?? '')) {
        void clearDraft(userId, bookId);
        return;
      }
      // Whether the server's text is the draft's base is known only when the versions match.
      if (draft.baseEtag !== (book.etag ?? null)) baseContent.current = undefined;
      saver.adopt(handle.snapshot().version, draft.baseEtag ?? undefined);
      handle.replaceUnsaved(draft.bookContent);
      void saver.saveIfAutosave();
    });
    return () => {
      cancelled = true;
    };
    // Once per page: a later change of the cached book must not bring the draft back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId]);

  async function keepBoth(kept: 'mine' | 'other') {
    if (!conflict) return;
    setResolving(true);
    const mine = snapshot();
    const name = conflictTexts.keptName(new Date());
    try {
      // The text not kept becomes a named version first: if that fails, nothing changes.
      const notKept = kept === 'mine' ? (conflict.otherBook.bookContent ?? '') : mine.bookContent;
      await saveVersion({ bookId, name, bookContent: notKept }).unwrap();
    } catch {
      toast.error(conflictTexts.failure);
      setResolving(false);
      return;
    }
    const otherContent = conflict.otherBook.bookContent ?? '';
    setConflict(undefined);
    setConflictOpen(false);
    setResolving(false);
    baseContent.current = otherContent;
    if (kept === 'mine') {
      saver.resolved(conflict.otherEtag);
      return;
    }
    const handle = editor.current;
    handle?.replaceSaved(otherContent);
    saver.adopt(handle?.snapshot().version ?? 0, conflict.otherEtag);
    storeServerBook(conflict.otherBook, conflict.otherEtag);
    if (userId) void clearDraft(userId, bookId);
  }

  return {
    state,
    saver,
    conflict,
    conflictOpen,
    resolving,
    /** The editor changed: autosave's clock, and the draft (at most once a second). */
    changed() {
      saver.changed();
      draftTimer.current ??= setTimeout(writeDraftNow, draftEveryMs);
    },
    save: (explicit: boolean) => saver.saveNow(explicit),
    retryNow: () => void saver.retryNow(),
    writeDraftNow,
    /** Saves what is pending; true when the server then has everything. */
    async flush(): Promise<boolean> {
      await saver.saveNow();
      return !saver.dirty();
    },
    keepMine: () => void keepBoth('mine'),
    useOther: () => void keepBoth('other'),
    openConflict() {
      if (!conflict) return;
      setConflict({ ...conflict, mine: textOf(snapshot().bookContent) });
      setConflictOpen(true);
    },
    closeConflict: () => setConflictOpen(false),
    /** The editor now shows what the server holds (a restore from History). */
    adoptServer(server: VersionedBook) {
      baseContent.current = server.bookContent ?? '';
      saver.adopt(snapshot().version, server.etag ?? saver.etag);
      if (userId) void clearDraft(userId, bookId);
    },
    /** The manuscript the saver's ETag stands for, when known. */
    baseContent: () => baseContent.current,
    storeServerBook,
  };
}

export type ManuscriptSaves = ReturnType<typeof useManuscriptSaves>;
