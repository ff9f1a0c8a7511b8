import { collabDocumentName } from '@bookwright/contracts/http';
import type { Hocuspocus } from '@hocuspocus/server';
import type { Logger } from '@bookwright/kit';
import type { BookPersistence } from '../persistence/book-persistence';
import type { OutsideWriteClaims } from './outside-write-claims';

/** The context of the server's own connection to a document (not a person: no user id, never read-only). */
export const serverConnectionContext = { server: 'outside-write' } as const;

export interface OutsideWritesOptions {
  hocuspocus: Hocuspocus;
  persistence: BookPersistence;
  claims: OutsideWriteClaims;
  logger: Logger;
}

/**
 * Writes from outside a live session (decision 0043): the writer finishing, a restore, an AI rewrite, an
 * API client's PATCH /book/content/{id}. The book service commits them and publishes its event; here the
 * replica holding the book's document brings the stored chapters into it through a server-side connection
 * (Hocuspocus's direct connection), so the people inside see them as edits, and its next save is
 * conditional on the new version (no 412, no loop). A replica without the document does nothing: the next
 * load rebuilds from the chapters, since the stored Yjs state is of an older version.
 */
export class OutsideWrites {
  constructor(private readonly options: OutsideWritesOptions) {}

  /** The book's manuscript was written outside (event `eventId`). Answers whether this replica applied it. */
  async apply(bookId: string, eventId: string): Promise<boolean> {
    const { hocuspocus, persistence, claims, logger } = this.options;
    const documentName = collabDocumentName(bookId);
    // Only a document already open here: a direct connection to another would load it only to apply nothing.
    if (!hocuspocus.documents.has(documentName)) return false;
    if (!(await claims.claim(`${bookId}:${eventId}`))) return false;
    // The direct connection holds the document open while the stored chapters are merged in (an unload in
    // between would drop it), and its disconnect saves at once: the new version is stored with the Yjs state.
    const direct = await hocuspocus.openDirectConnection(documentName, serverConnectionContext);
    try {
      const document = direct.document;
      if (!document) return false;
      const applied = await persistence.applyStored(documentName, document);
      if (applied) logger.info({ bookId, eventId }, 'collab: an outside write reached the live document');
      return applied;
    } finally {
      await direct.disconnect();
    }
  }
}
