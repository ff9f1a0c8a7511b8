import { useState } from 'react';
import type { Book } from '@bookwright/contracts/http';

/**
 * How a book is edited (decision 0043): live when anyone beside its owner is on it (a share accepted, or a
 * team workspace with another member), solo otherwise (today's autosave, If-Match and conflict dialog).
 */
export type EditingMode = 'deciding' | 'live' | 'solo';

/**
 * The mode from the book as GET /book/{id} answers it: its `live` says whether anyone besides its owner is
 * on it (the book service works it out from the shares and the workspace's members). A book without it (a
 * save's answer put in the cache) counts as nobody else's: the solo path is the safe one (its saves are
 * conditional, and a live document takes them in as outside writes).
 */
export function editingModeOf(book: Pick<Book, 'live'> | undefined): EditingMode {
  if (!book) return 'deciding';
  return book.live === true ? 'live' : 'solo';
}

/**
 * The mode of the open book, decided from the book as read for this visit (`fresh`: not a copy the cache
 * held from before) and kept for the visit: a book shared while open switches on its next load (decision
 * 0043).
 */
export function useEditingMode(bookId: string, book: Book | undefined, fresh: boolean): EditingMode {
  const now = fresh ? editingModeOf(book) : 'deciding';
  const [kept, setKept] = useState<{ bookId: string; mode: EditingMode }>();
  if (now !== 'deciding' && kept?.bookId !== bookId) setKept({ bookId, mode: now });
  return kept?.bookId === bookId ? kept.mode : now;
}
