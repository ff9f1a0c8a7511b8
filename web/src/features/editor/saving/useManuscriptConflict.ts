import { useRef, useState, type RefObject } from 'react';
import { toast } from '../../../components/toast';
import { textOf } from '../../history/revisionDiff';
import { useSaveVersionMutation } from '../../history/revisionsApi';
import type { BookEditorHandle } from '../BookEditor';
import { conflictPassages, type ConflictPassage } from './conflictPassages';
import { fetchCurrentBook, type VersionedBook } from './conditionalRequests';
import type { ManuscriptSaver, ManuscriptSnapshot } from './manuscriptSaver';
import { conflictTexts } from './saveTexts';
import type { LocalDraft } from './useLocalDraft';

/** A conflict whose other side could not be fetched (offline) is looked at again after this long. */
const conflictRefetchMs = 5_000;

/** Two versions of the manuscript waiting for the author's choice. */
export interface ManuscriptConflict {
  /** Plain text of each side, for the dialog. */
  mine: string;
  other: string;
  /** Where the two differ, in reading order. */
  passages: ConflictPassage[];
  otherBook: VersionedBook;
  otherEtag: string | undefined;
}

interface ConflictParts {
  bookId: string;
  editor: RefObject<BookEditorHandle | null>;
  saver: ManuscriptSaver;
  draft: LocalDraft;
  snapshot: () => ManuscriptSnapshot;
  /** The manuscript at the saver's ETag (undefined when unknown): tells a real conflict from a details-only change. */
  baseContentRef: RefObject<string | undefined>;
  storeServerBook: (server: VersionedBook, etag: string | undefined) => void;
}

/**
 * The conflict between the author's text and another saved elsewhere: the other side fetched on a 412, and
 * the author's choice of which text stays (the other one is kept as a named version).
 */
export function useManuscriptConflict(parts: ConflictParts) {
  const { bookId, editor, saver, draft, snapshot, baseContentRef, storeServerBook } = parts;
  const [conflict, setConflict] = useState<ManuscriptConflict>();
  const [conflictOpen, setConflictOpen] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [saveVersion] = useSaveVersionMutation();
  const { onConflict, stopRefetching } = useOtherSide(parts, (found) => {
    setConflict(found);
    setConflictOpen(true);
  });

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
    baseContentRef.current = otherContent;
    if (kept === 'mine') {
      // The save of mine is answered with its version only, laid over the page's book: that book must
      // already have the other side's details.
      storeServerBook(conflict.otherBook, conflict.otherEtag);
      saver.resolved(conflict.otherEtag);
      return;
    }
    const handle = editor.current;
    handle?.replaceSaved(otherContent);
    saver.adopt(handle?.snapshot().version ?? 0, conflict.otherEtag);
    storeServerBook(conflict.otherBook, conflict.otherEtag);
    draft.clear();
  }

  return {
    onConflict,
    stopRefetching,
    conflict,
    conflictOpen,
    resolving,
    keepMine: () => void keepBoth('mine'),
    useOther: () => void keepBoth('other'),
    openConflict() {
      if (!conflict) return;
      const mine = snapshot().bookContent;
      setConflict({
        ...conflict,
        mine: textOf(mine),
        passages: conflictPassages(mine, conflict.otherBook.bookContent ?? null),
      });
      setConflictOpen(true);
    },
    closeConflict: () => setConflictOpen(false),
  };
}

/**
 * 412: the other side is fetched (again later when offline); the same text, or a change of the details only,
 * needs no choice, any other text is shown to the author.
 */
function useOtherSide(
  { bookId, editor, saver, draft, snapshot, baseContentRef, storeServerBook }: ConflictParts,
  show: (conflict: ManuscriptConflict) => void,
) {
  const refetchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  async function onConflict() {
    draft.writeNow();
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
      baseContentRef.current = otherContent;
      saver.resolved(otherEtag, mine.version);
      storeServerBook(current.book, otherEtag);
      if (!saver.dirty()) draft.clear();
      return;
    }
    if (baseContentRef.current !== undefined && otherContent === baseContentRef.current) {
      // Only the book's details changed elsewhere: the manuscript is still the one this text was made from.
      // The page takes the new details now, as the save made on them is answered with its version only.
      storeServerBook(current.book, otherEtag);
      saver.resolved(otherEtag);
      return;
    }
    show({
      mine: textOf(mine.bookContent),
      other: textOf(otherContent),
      passages: conflictPassages(mine.bookContent, otherContent),
      otherBook: current.book,
      otherEtag,
    });
  }

  return {
    onConflict,
    /** A refetch still planned is dropped (the page goes). */
    stopRefetching: () => clearTimeout(refetchTimer.current),
  };
}
