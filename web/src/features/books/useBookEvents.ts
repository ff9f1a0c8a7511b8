import { useEffect } from 'react';
import {
  LiveBookUpdateSchema,
  liveBookEventNames,
  type LiveBookEventName,
  type LiveBookUpdate,
} from '@bookwright/contracts';
import { api } from '../../api/api';
import { apiBaseUrl } from '../../api/xsrf';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { booksApi } from './booksApi';

/** Events that change what a book is doing: the library and the book itself are read again. */
const statusChanges = new Set<LiveBookEventName>([
  'book.created',
  'book.planned',
  'book.confirmed',
  'book.translation-requested',
  'book.ready',
  'book.failed',
]);

const progressEvents = new Set<LiveBookEventName>(['book.chapter-written', 'book.chapter-translated']);

/** Applies one live event to the cached library (status, "chapter n of N", failure) and refreshes what it changed. */
export function applyBookEvent(dispatch: AppDispatch, name: LiveBookEventName, update: LiveBookUpdate): void {
  let listed = false;
  dispatch(
    booksApi.util.updateQueryData('listBooks', undefined, (books) => {
      const book = books.find((b) => b._id === update.bookId);
      if (!book) return;
      listed = true;
      // Progress comes from the writer's outbox and status changes from the book service's, so the last
      // chapters' progress can arrive after `book.ready`: it must not take a finished book back to writing.
      if (progressEvents.has(name) && book.status !== update.status) return;
      const before = book.status;
      book.status = update.status;
      if (update.chaptersWritten !== undefined && update.chaptersTotal !== undefined) {
        book.progress = { chaptersWritten: update.chaptersWritten, chaptersTotal: update.chaptersTotal };
      }
      if (update.status === 'failed' && update.reason) {
        const step = before === 'planning' || before === 'translating' ? before : 'writing';
        book.failure = { step, reason: update.reason, at: new Date().toISOString() };
      } else if (update.status !== 'failed') {
        book.failure = null;
      }
    }),
  );
  const touchesLibrary = update.fields?.some((f) => f === 'metadata' || f === 'coverImage') ?? false;
  if (!listed || statusChanges.has(name) || touchesLibrary) dispatch(api.util.invalidateTags(['Books']));
  if (statusChanges.has(name) && name !== 'book.created') {
    dispatch(api.util.invalidateTags([{ type: 'Book', id: update.bookId }]));
  }
  // A failed book gives its book of the month back: the allowance shown changes.
  if (name === 'book.failed') dispatch(api.util.invalidateTags(['CurrentUser']));
}

/**
 * Live progress over Server-Sent Events (ARCHITECTURE §8). The browser reconnects by itself; events sent
 * while it was away are not replayed, so every `ready` after the first one reads the library again.
 */
export function useBookEvents() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(`${apiBaseUrl}/events`, { withCredentials: true });
    let connections = 0;
    const onReady = () => {
      connections += 1;
      if (connections > 1) dispatch(api.util.invalidateTags(['Books']));
    };
    const onBookEvent = (event: Event) => {
      const { type, data } = event as MessageEvent<string>;
      let parsed: unknown;
      try {
        parsed = JSON.parse(data);
      } catch {
        return;
      }
      const update = LiveBookUpdateSchema.safeParse(parsed);
      if (update.success) applyBookEvent(dispatch, type as LiveBookEventName, update.data);
    };
    source.addEventListener('ready', onReady);
    for (const name of liveBookEventNames) source.addEventListener(name, onBookEvent);
    return () => source.close();
  }, [dispatch]);
}
