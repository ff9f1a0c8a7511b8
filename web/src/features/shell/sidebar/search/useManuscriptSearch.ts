import { bookSearchLimits, type BookSearchAnswer } from '@bookwright/contracts/http';
import { useDebounced } from './useDebounced';
import { searchDebounceMs } from './searchTexts';
import { useSearchBooksQuery } from './bookSearchApi';

export type ManuscriptSearch =
  { state: 'idle' } | { state: 'searching' } | { state: 'failed' } | { state: 'done'; answer: BookSearchAnswer };

/**
 * The book service's search of the manuscripts for what the field holds, asked once the author pauses
 * (a query past the server's limit is cut to it, never refused). While a newer query is on its way, the
 * answer shown is not an older query's.
 */
export function useManuscriptSearch(query: string): ManuscriptSearch {
  const term = query.trim().slice(0, bookSearchLimits.queryLength).trim();
  const settled = useDebounced(term, searchDebounceMs);
  const { currentData, isError } = useSearchBooksQuery(settled, { skip: settled === '' });
  if (term === '') return { state: 'idle' };
  if (settled !== term) return { state: 'searching' };
  if (isError) return { state: 'failed' };
  return currentData ? { state: 'done', answer: currentData } : { state: 'searching' };
}
