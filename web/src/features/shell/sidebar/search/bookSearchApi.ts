import type { BookSearchAnswer } from '@bookwright/contracts/http';
import { api } from '../../../../api/api';

/** GET /book/search: the query in the titles and manuscripts of the library (the book service's search). */
export const bookSearchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchBooks: build.query<BookSearchAnswer, string>({
      query: (q) => `/book/search?q=${encodeURIComponent(q)}`,
      // A saved chapter changes what a search finds: the library's tag is invalidated by every such change.
      providesTags: ['Books'],
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchBooksQuery } = bookSearchApi;
