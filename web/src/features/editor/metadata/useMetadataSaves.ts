import { useRef, useState } from 'react';
import type { UpdateMetadataRequest } from '@bookwright/contracts/http';
import { api } from '../../../api/api';
import { useAppDispatch } from '../../../app/hooks';
import { newRequestId } from '../../../api/baseQuery';
import { fetchCurrentBook, patchIfMatch, type VersionedBook } from '../saving/conditionalRequests';
import { metadataDraftOf } from './metadataDraft';
import { conflictTexts } from '../saving/saveTexts';
import type { ManuscriptSaves } from '../saving/useManuscriptSaves';

/** How a metadata save ended: stored, or the author chose the details saved elsewhere. */
export interface MetadataSaveResult {
  book: VersionedBook;
  kept: 'mine' | 'other';
}

interface MetadataConflict {
  mine: string;
  other: string;
  choose: (kept: 'mine' | 'other') => void;
  dismiss: () => void;
}

const labels: Partial<Record<keyof UpdateMetadataRequest, string>> = {
  title: 'Title',
  subtitle: 'Subtitle',
  author: 'Author',
  identifier: 'Identifier',
  languageMetadata: 'Language',
  genreMetadata: 'Genre',
  publisher: 'Publisher',
  description: 'Description',
  keywords: 'Keywords',
  rights: 'Rights',
  publicationDate: 'Publication date',
};

/** The details as lines of text, for the side-by-side dialog. */
function describe(details: Partial<Record<keyof UpdateMetadataRequest, unknown>>): string {
  return Object.entries(labels)
    .map(([key, label]) => {
      const value = details[key as keyof UpdateMetadataRequest];
      const text = Array.isArray(value) ? value.join(', ') : value ? String(value) : '';
      return `${label}: ${text || '—'}`;
    })
    .join('\n');
}

const sameDetails = (a: VersionedBook, b: VersionedBook) =>
  JSON.stringify(metadataDraftOf(a)) === JSON.stringify(metadataDraftOf(b));

/**
 * Metadata saves with If-Match, on the same version chain as the manuscript's (the ETag covers both), for
 * both forms of the page that save them: the side panel's and the export dialog's completion step. A 412
 * caused by a change of the manuscript elsewhere is no conflict of the details: the save is made again on
 * the current version. Details changed elsewhere too: the author chooses, seeing both.
 */
/**
 * What metadata saves need of the manuscript's saving: the version chain they share (a live book's, whose
 * manuscript the collab service stores, has no saver of its own on the page and no draft).
 */
export type MetadataChain = Pick<ManuscriptSaves, 'baseContent' | 'writeDraftNow' | 'storeServerBook'> & {
  saver: Pick<ManuscriptSaves['saver'], 'etag' | 'etagChanged'>;
};

export function useMetadataSaves(book: VersionedBook, saves: MetadataChain) {
  const dispatch = useAppDispatch();
  const [conflict, setConflict] = useState<MetadataConflict>();
  /** The details as last read from or stored on the server. */
  const base = useRef<VersionedBook>(book);

  async function send(metadata: UpdateMetadataRequest, etag: string | undefined, requestId: string) {
    const chained = etag === saves.saver.etag;
    const outcome = await patchIfMatch({ target: 'metadata', bookId: book._id, body: metadata, etag, requestId });
    if (outcome.kind !== 'saved') return outcome;
    const stored: VersionedBook = outcome.etag ? { ...outcome.book, etag: outcome.etag } : outcome.book;
    // The manuscript's next save may build on this version only if its text is still the one the editor
    // started from; otherwise that save gets its own 412 and its own choice.
    if (chained || (stored.bookContent ?? '') === saves.baseContent()) {
      saves.saver.etagChanged(stored.etag);
      saves.writeDraftNow();
    }
    base.current = stored;
    saves.storeServerBook(stored, stored.etag);
    dispatch(api.util.invalidateTags(['Books']));
    return { kind: 'saved' as const, book: stored };
  }

  async function saveMetadata(metadata: UpdateMetadataRequest): Promise<MetadataSaveResult> {
    const requestId = newRequestId();
    const first = await send(metadata, saves.saver.etag, requestId);
    if (first.kind === 'saved') return { book: first.book, kept: 'mine' };
    if (first.kind !== 'conflict') throw new Error('metadata not saved');
    const current = await fetchCurrentBook(book._id);
    const other: VersionedBook = { ...current.book, etag: current.etag ?? current.book.etag };
    const onOtherVersion = async (): Promise<MetadataSaveResult> => {
      const again = await send(metadata, other.etag, requestId);
      if (again.kind !== 'saved') throw new Error('metadata not saved');
      return { book: again.book, kept: 'mine' };
    };
    if (sameDetails(other, base.current)) return onOtherVersion();
    return new Promise<MetadataSaveResult>((resolve, reject) => {
      setConflict({
        mine: describe(metadata),
        other: describe(metadataDraftOf(other)),
        choose: (kept) => {
          setConflict(undefined);
          if (kept === 'mine') onOtherVersion().then(resolve, reject);
          else {
            base.current = other;
            saves.storeServerBook(other, other.etag);
            resolve({ book: other, kept: 'other' });
          }
        },
        dismiss: () => {
          setConflict(undefined);
          reject(new Error('metadata conflict left undecided'));
        },
      });
    });
  }

  return {
    saveMetadata,
    conflict: conflict && {
      title: conflictTexts.metadataTitle,
      description: conflictTexts.metadataDescription,
      mine: conflict.mine,
      other: conflict.other,
      keepMine: () => conflict.choose('mine'),
      useOther: () => conflict.choose('other'),
      dismiss: conflict.dismiss,
    },
  };
}

export type MetadataSaves = ReturnType<typeof useMetadataSaves>;
