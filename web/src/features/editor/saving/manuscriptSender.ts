import type { ConditionalPatch, MinimalSaveOutcome, SaveOutcome, VersionedBook } from './conditionalRequests';

export interface ManuscriptSenderDeps {
  bookId: string;
  /** A conditional save sent with `Prefer: return=minimal`. */
  patch: (request: ConditionalPatch) => Promise<MinimalSaveOutcome>;
  /** The book as the page holds it: a minimal answer is laid over it. */
  book: () => VersionedBook;
}

/**
 * The manuscript saver's `send`: the whole manuscript, If-Match the version it was made on, with
 * `Prefer: return=minimal` (the page already holds the text it sent, so the server need not send it back).
 * Which chapters changed is the book service's to find, and no one else's (decision 0044): the page sends
 * what it holds, and a 412 is the same conflict as ever.
 */
export function createManuscriptSender(deps: ManuscriptSenderDeps) {
  return async function send(
    bookContent: string,
    etag: string | undefined,
    requestId: string,
    keepalive: boolean,
  ): Promise<SaveOutcome> {
    const outcome = await deps.patch({
      target: 'content',
      bookId: deps.bookId,
      etag,
      requestId,
      keepalive,
      body: { bookContent },
    });
    if (outcome.kind !== 'saved') return outcome;
    const { etag: next, updatedAt } = outcome.saved;
    // The server now holds this text at the answered version; the rest of the book is the page's.
    return { kind: 'saved', etag: next, book: { ...deps.book(), bookContent, etag: next, updatedAt } };
  };
}
