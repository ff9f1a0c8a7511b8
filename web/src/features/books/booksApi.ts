import type { Book, BookState, BookSummary, PlanRequest, UpdateMetadataRequest } from '@bookwright/contracts/http';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { api } from '../../api/api';

const bookUrl = (id: string) => `/book/${encodeURIComponent(id)}`;

/**
 * The book endpoints (spec §7). Every answer that carries the whole book replaces the cached one, so a page
 * shows what the server stored without a second request; the library list is refetched when a change shows
 * in it (title, status, cover).
 */
export const booksApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The library, newest first. */
    listBooks: build.query<BookSummary[], void>({
      query: () => '/book',
      providesTags: ['Books'],
    }),
    getBook: build.query<Book, string>({
      query: bookUrl,
      providesTags: (_result, _error, id) => [{ type: 'Book', id }],
    }),
    /**
     * POST /agent/plan: starts planning (uses one book of the monthly allowance). `requestId` is the create
     * action's X-Request-Id, the same on every attempt, so a retry never pays twice. `workspaceId` creates the
     * book in that team workspace (issue 43).
     */
    planBook: build.mutation<Book, PlanRequest & { workspaceId?: string; requestId?: string }>({
      query: ({ requestId, ...body }) => ({ url: '/agent/plan', method: 'POST', body, requestId }),
      invalidatesTags: ['Books', 'CurrentUser'],
    }),
    /** PATCH /book/{id} with the whole structure. */
    updateBookState: build.mutation<Book, { id: string; bookState: BookState }>({
      query: ({ id, bookState }) => ({ url: bookUrl(id), method: 'PATCH', body: { newBookState: bookState } }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
    }),
    /** PATCH /book/content/{id}: the editor document as JSON text. */
    updateContent: build.mutation<Book, { id: string; bookContent: string }>({
      query: ({ id, bookContent }) => ({
        url: `/book/content/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: { bookContent },
      }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
    }),
    updateMetadata: build.mutation<Book, { id: string; metadata: UpdateMetadataRequest }>({
      query: ({ id, metadata }) => ({
        url: `/book/metadata/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body: metadata,
      }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
      invalidatesTags: ['Books'],
    }),
    /** PATCH /agent/write/{id}: confirms the structure and starts writing. */
    confirmBook: build.mutation<Book, string>({
      query: (id) => ({ url: `/agent/write/${encodeURIComponent(id)}`, method: 'PATCH' }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
      invalidatesTags: ['Books'],
    }),
    /** POST /book/{id}/retry: retries the step that failed, taking one book of the allowance again. */
    retryBook: build.mutation<Book, string>({
      query: (id) => ({ url: `${bookUrl(id)}/retry`, method: 'POST' }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) => storeAnswer(dispatch, queryFulfilled),
      invalidatesTags: ['Books', 'CurrentUser'],
    }),
  }),
});

/** Puts the book a mutation answered into the cache of GET /book/{id}. Failures are the caller's to handle. */
async function storeAnswer(
  // The dispatch RTK Query hands to onQueryStarted is typed with `any` state in RTK itself.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  dispatch: ThunkDispatch<any, unknown, UnknownAction>,
  queryFulfilled: Promise<{ data: Book }>,
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(booksApi.util.upsertQueryData('getBook', data._id, data));
  } catch {
    // The component that started the mutation reports the failure.
  }
}

export const {
  useListBooksQuery,
  useGetBookQuery,
  usePlanBookMutation,
  useUpdateBookStateMutation,
  useUpdateContentMutation,
  useUpdateMetadataMutation,
  useConfirmBookMutation,
  useRetryBookMutation,
} = booksApi;
