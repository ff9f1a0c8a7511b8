import { useEffect } from 'react';
import { logError } from '../../lib/log';
import { booksApi, useListBooksQuery } from './booksApi';
import { isInProgress } from './status';

/** The library refreshes this often while a book is planning or writing (spec §4); live events come first. */
const libraryRefreshMs = 30_000;

/**
 * The library list. While any book is planning or writing it is refetched every 30 seconds (spec §4): the
 * fallback for the live events of useBookEvents. A failed refresh is only logged (spec §8).
 */
export function useLibrary() {
  const { data: cached } = booksApi.endpoints.listBooks.useQueryState(undefined);
  const polling = cached?.some((book) => isInProgress(book.status)) ?? false;
  const result = useListBooksQuery(undefined, { pollingInterval: polling ? libraryRefreshMs : 0 });
  const { error } = result;
  useEffect(() => {
    if (error) logError('the library could not be loaded', error);
  }, [error]);
  return result;
}
