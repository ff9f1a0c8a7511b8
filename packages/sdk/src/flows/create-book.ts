import { randomUUID } from 'node:crypto';
import type { Bookwright, Schemas } from '../client/bookwright';
import type { BookEvent, BookEventStream } from '../events/book-event-stream';
import type { paths } from '../generated/openapi';

type Book = Schemas['Book'];
type BookStatus = Book['status'];
/** The body of POST /api/v1/agent/plan, from the document. */
export type PlanRequest = paths['/api/v1/agent/plan']['post']['requestBody']['content']['application/json'];
type PlanBody = PlanRequest;

/** A book that ended in `failed` (or left the library) while it was being waited for. */
export class BookFailedError extends Error {
  override readonly name = 'BookFailedError';
  constructor(
    readonly bookId: string,
    readonly reason: string,
  ) {
    super(`The book ${bookId} failed: ${reason}`);
  }
}

/** An idea and what the plan request needs besides, with defaults for what is left out. */
export interface BookIdea {
  /** What the book is about (the plan request's prompt). */
  idea: string;
  /** Default: the idea's first sentence, shortened to 80 characters. */
  title?: string;
  language?: PlanBody['language'];
  genre?: PlanBody['genre'];
  targetAudience?: string;
  workspaceId?: string;
}

export interface BookProgress {
  bookId: string;
  status: BookStatus;
  chaptersWritten?: number;
  chaptersTotal?: number;
}

export interface WaitOptions {
  onProgress?: (progress: BookProgress) => void;
  signal?: AbortSignal;
}

const titleLength = 80;
const reconnectDelayMs = 1_000;

/** A title from an idea: its first sentence, cut at a word before 80 characters. */
export function titleFromIdea(idea: string): string {
  const sentence = (idea.trim().split(/(?<=[.!?])\s/)[0] ?? '').replace(/[.!?]+$/, '').trim();
  if (sentence.length <= titleLength) return sentence || 'Untitled';
  const cut = sentence.slice(0, titleLength);
  const space = cut.lastIndexOf(' ');
  return `${(space > 20 ? cut.slice(0, space) : cut).trim()}…`;
}

/** The plan request of an idea: English fiction for adult readers unless said otherwise. */
export function planRequestOf(input: BookIdea): PlanBody {
  return {
    prompt: input.idea.trim(),
    title: input.title?.trim() || titleFromIdea(input.idea),
    language: input.language ?? 'english',
    genre: input.genre ?? 'fiction',
    targetAudience: input.targetAudience?.trim() || 'Adult readers',
    size: 'short',
    ...(input.workspaceId ? { workspaceId: input.workspaceId } : {}),
  };
}

/** Starts planning a book from an idea (POST /api/v1/agent/plan): the book comes back in `planning`. */
export function planBook(bw: Bookwright, input: BookIdea): Promise<Book> {
  return bw.ok(bw.api.POST('/api/v1/agent/plan', { body: planRequestOf(input) }));
}

/**
 * Creates a book from an idea and waits, on the event stream, until it is written: plans it, accepts the
 * plan as it was made (PATCH /agent/write), and follows the writing chapter by chapter. Resolves with the
 * ready book; a book that fails rejects with {@link BookFailedError}. With `author`, the EPUB's required
 * metadata is filled in afterwards (author, a `urn:uuid:` identifier when the book has none), so the book
 * exports at once.
 */
export async function createBookAndWait(
  bw: Bookwright,
  input: BookIdea & { author?: string },
  options: WaitOptions = {},
): Promise<Book> {
  // Opened before the book exists, so no event about it can be missed.
  const stream = { current: await bw.openEvents(options.signal ? { signal: options.signal } : {}) };
  let book: Book;
  try {
    book = await planBook(bw, input);
    options.onProgress?.({ bookId: book._id, status: book.status });
    await waitForStatus(bw, book._id, 'validation', { ...options, stream });
    book = await bw.ok(bw.api.PATCH('/api/v1/agent/write/{bookId}', { params: { path: { bookId: book._id } } }));
    options.onProgress?.({ bookId: book._id, status: book.status });
    await waitForStatus(bw, book._id, 'ready', { ...options, stream });
  } finally {
    stream.current.close();
  }
  if (input.author) await fillEpubMetadata(bw, book._id, input.author);
  return bw.ok(bw.api.GET('/api/v1/book/{bookId}', { params: { path: { bookId: book._id } } }));
}

/** Saves the metadata an EPUB requires (title, author, identifier, language), keeping what the book has. */
export async function fillEpubMetadata(bw: Bookwright, bookId: string, author: string): Promise<void> {
  const book = await bw.ok(bw.api.GET('/api/v1/book/{bookId}', { params: { path: { bookId } } }));
  await bw.ok(
    bw.api.PATCH('/api/v1/book/metadata/{bookId}', {
      params: { path: { bookId } },
      body: {
        title: book.title,
        author,
        identifier: book.identifier ?? `urn:uuid:${randomUUID()}`,
        languageMetadata: book.languageMetadata ?? 'en',
      },
    }),
  );
}

/**
 * Waits on the event stream until the book reaches `target`. When the server ends the stream (a restart), a
 * new one is opened and the book read once, since events are not replayed; nothing is polled.
 */
export async function waitForStatus(
  bw: Bookwright,
  bookId: string,
  target: BookStatus,
  options: WaitOptions & { stream: { current: BookEventStream } },
): Promise<void> {
  const { stream } = options;
  const settle = (status: BookStatus, reason?: string): boolean => {
    if (status === target) return true;
    if (status === 'failed') throw new BookFailedError(bookId, reason ?? 'no reason given');
    return false;
  };
  for (;;) {
    for await (const event of stream.current) {
      if (event.data.bookId !== bookId) continue;
      if (isGone(event)) throw new BookFailedError(bookId, `it was moved to the ${event.data.movedTo}`);
      const status = event.data.status;
      if (!status) continue;
      options.onProgress?.({
        bookId,
        status,
        ...(event.data.chaptersWritten !== undefined ? { chaptersWritten: event.data.chaptersWritten } : {}),
        ...(event.data.chaptersTotal !== undefined ? { chaptersTotal: event.data.chaptersTotal } : {}),
      });
      if (settle(status, event.data.reason)) return;
    }
    if (options.signal?.aborted) throw options.signal.reason ?? new Error('aborted');
    // A pause before reconnecting (the server asks browsers for 5 s), so a stream that keeps ending at once
    // cannot turn the wait into a loop of requests.
    await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs));
    stream.current = await bw.openEvents(options.signal ? { signal: options.signal } : {});
    const book = await bw.ok(bw.api.GET('/api/v1/book/{bookId}', { params: { path: { bookId } } }));
    if (settle(book.status, book.failure?.reason)) return;
  }
}

function isGone(event: BookEvent): boolean {
  return event.data.movedTo === 'trash' || event.data.movedTo === 'gone';
}
