import { useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { booksApi } from '../books/booksApi';
import type { VersionedBook } from '../editor/saving/conditionalRequests';
import type { MetadataChain } from '../editor/metadata/useMetadataSaves';

/**
 * The version chain a live book's metadata saves build on. The page saves no manuscript (the collab service
 * does, and moves the ETag as it does), so the chain is the last version the page read or stored; a 412 that
 * only the manuscript caused is saved again on the new version (useMetadataSaves), and there is no draft.
 */
export function useLiveMetadataChain(book: VersionedBook): MetadataChain {
  const dispatch = useAppDispatch();
  const etag = useRef<string | undefined>(book.etag);
  return {
    saver: {
      get etag() {
        return etag.current;
      },
      etagChanged: (next) => {
        etag.current = next;
      },
    },
    // The manuscript at the chain's version is not known here: every 412 is read again before deciding.
    baseContent: () => undefined,
    writeDraftNow: () => undefined,
    storeServerBook: (server, next) => {
      if (next) etag.current = next;
      dispatch(booksApi.util.upsertQueryData('getBook', book._id, next ? { ...server, etag: next } : server));
    },
  };
}
