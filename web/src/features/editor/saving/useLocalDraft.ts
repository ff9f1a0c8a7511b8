import { useEffect, useRef, type RefObject } from 'react';
import type { BookEditorHandle } from '../BookEditor';
import type { VersionedBook } from './conditionalRequests';
import { clearDraft, readDraft, writeDraft } from './draftStore';
import type { ManuscriptSaver, ManuscriptSnapshot } from './manuscriptSaver';

/** A draft is written at most this often while typing goes on (the whole document is serialised each time). */
const draftEveryMs = 1_000;

/**
 * The manuscript's local draft: the text the server may not have yet, kept on this device for a crash, a
 * reload or offline work.
 */
export function useLocalDraft({
  bookId,
  userId,
  saver,
  snapshot,
}: {
  bookId: string;
  userId: string | undefined;
  saver: ManuscriptSaver;
  snapshot: () => ManuscriptSnapshot;
}) {
  // Read by the saver's hooks and by timers: the user as it is now.
  const user = useRef(userId);
  useEffect(() => {
    user.current = userId;
  }, [userId]);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  function cancel() {
    clearTimeout(timer.current);
    timer.current = undefined;
  }

  function writeNow() {
    cancel();
    if (!user.current || !saver.dirty()) return;
    void writeDraft(user.current, bookId, {
      bookContent: snapshot().bookContent,
      baseEtag: saver.etag ?? null,
      savedAt: new Date().toISOString(),
    });
  }

  return {
    writeNow,
    /** The editor changed: the draft follows, at most once a second. */
    schedule() {
      timer.current ??= setTimeout(writeNow, draftEveryMs);
    },
    cancel,
    /** The server has everything: the draft goes. */
    clear() {
      if (userId) void clearDraft(userId, bookId);
    },
  };
}

export type LocalDraft = ReturnType<typeof useLocalDraft>;

/**
 * A draft kept from an earlier visit (a crash, a reload, offline work): shown as unsaved text, saved on the
 * version it was edited from. A server still at that version takes it; any other answers 412, and the author
 * chooses (the conflict).
 */
export function useDraftRecovery({
  book,
  userId,
  editor,
  saver,
  baseContentRef,
}: {
  book: VersionedBook;
  userId: string | undefined;
  editor: RefObject<BookEditorHandle | null>;
  saver: ManuscriptSaver;
  baseContentRef: RefObject<string | undefined>;
}) {
  const bookId = book._id;
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
      if (draft.baseEtag !== (book.etag ?? null)) baseContentRef.current = undefined;
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
}
