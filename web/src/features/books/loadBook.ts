import type { LoaderFunctionArgs } from 'react-router';
import type { AppStore } from '../../app/store';
import { logError } from '../../lib/log';
import { booksApi } from './booksApi';

/**
 * Loader of the book routes (spec §7): fetches the book into the cache while the page's chunk downloads.
 * Its failure is only logged and yields nothing; the page shows what it can.
 */
export function loadBook(store: AppStore) {
  return async ({ params }: LoaderFunctionArgs) => {
    const id = params.bookId;
    if (!id) return null;
    const result = await store.dispatch(booksApi.endpoints.getBook.initiate(id, { subscribe: false }));
    if (result.error) logError(`book ${id} could not be loaded`, result.error);
    return null;
  };
}
