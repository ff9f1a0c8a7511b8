import { useEffect } from 'react';
import {
  LiveBookMoveSchema,
  liveBookMoveEventNames,
  LiveCommentChangeSchema,
  liveCommentEventNames,
  LiveBookUpdateSchema,
  liveBookEventNames,
  type LiveBookEventName,
  type LiveBookMove,
  type LiveBookMoveEventName,
  type LiveBookUpdate,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';
import { apiBaseUrl } from '../../api/xsrf';
import { useAppDispatch } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import { applyCommentChange } from '../comments/commentsApi';
import { booksApi } from './booksApi';
import { settleWritingToast } from './writingToast';

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
  let title: string | undefined;
  dispatch(
    booksApi.util.updateQueryData('listBooks', undefined, (books) => {
      const book = books.find((b) => b._id === update.bookId);
      if (!book) return;
      listed = true;
      title = book.title;
      // Progress comes from the writer's outbox and status changes from the book service's, so the last
      // chapters' progress can arrive after `book.ready`: it must not take a finished book back to writing.
      if (progressEvents.has(name) && book.status !== update.status) return;
      // Chapters are written side by side, so their progress can arrive out of order: the count never goes back.
      if (
        progressEvents.has(name) &&
        book.progress &&
        update.chaptersWritten !== undefined &&
        update.chaptersWritten < book.progress.chaptersWritten
      )
        return;
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
  // A confirmation's toast still on screen says what is true now, as the card beside it does (issue 47).
  if (name === 'book.ready' || name === 'book.failed') settleWritingToast(update.bookId, update.status, title);
  // A failed book gives its book of the month back: the allowance shown changes.
  if (name === 'book.failed') dispatch(api.util.invalidateTags(['CurrentUser']));
}

/**
 * Applies a book's move (another tab or device trashed, restored or deleted it): a trashed book leaves the
 * cached library at once, then both lists are read again; a deletion changes only the trash. A change of the
 * reader's role (book.member.role-changed) reads the book itself again too, so an open editor follows the
 * new role (a viewer made co-author types without reloading).
 */
export function applyBookMove(dispatch: AppDispatch, move: LiveBookMove, name?: LiveBookMoveEventName): void {
  if (move.movedTo === 'trash') {
    dispatch(
      booksApi.util.updateQueryData('listBooks', undefined, (books) => books.filter((b) => b._id !== move.bookId)),
    );
  }
  dispatch(api.util.invalidateTags(move.movedTo === 'gone' ? ['Trash'] : ['Books', 'Trash']));
  if (name === 'book.member.role-changed') dispatch(api.util.invalidateTags([{ type: 'Book', id: move.bookId }]));
}

/** The data of one stream message, parsed as JSON; undefined when it is not JSON. */
function jsonOf(event: Event): unknown {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
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
      const update = LiveBookUpdateSchema.safeParse(jsonOf(event));
      if (update.success) applyBookEvent(dispatch, event.type as LiveBookEventName, update.data);
    };
    const onBookMove = (event: Event) => {
      const move = LiveBookMoveSchema.safeParse(jsonOf(event));
      if (move.success) applyBookMove(dispatch, move.data, event.type as LiveBookMoveEventName);
    };
    // A book's comments changed (issue 44): an open editor of it reads its threads again.
    const onCommentEvent = (event: Event) => {
      const change = LiveCommentChangeSchema.safeParse(jsonOf(event));
      if (change.success) applyCommentChange(dispatch, change.data);
    };
    source.addEventListener('ready', onReady);
    for (const name of liveCommentEventNames) source.addEventListener(name, onCommentEvent);
    for (const name of liveBookEventNames) source.addEventListener(name, onBookEvent);
    for (const name of liveBookMoveEventNames) source.addEventListener(name, onBookMove);
    return () => source.close();
  }, [dispatch]);
}
