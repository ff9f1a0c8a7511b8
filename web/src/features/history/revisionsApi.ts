import type { Book, MetadataSuggestion, Revision, RevisionSummary } from '@bookwright/contracts/http';
import { api } from '../../api/api';
import { booksApi } from '../books/booksApi';

const bookUrl = (id: string) => `/book/${encodeURIComponent(id)}`;

/** A revision's name: "As written", one the author gave, "Kept from another tab, 14:02"; null for the others. */
export type Named<T> = T & { name?: string | null };

/** POST /book/{id}/revisions: a named version of the manuscript now, or of `bookContent` (the manuscript is left as it is). */
export interface SaveVersionRequest {
  bookId: string;
  name?: string;
  bookContent?: string;
}

/** Revision history and AI metadata suggestions of one book. */
export const revisionsApi = api.enhanceEndpoints({ addTagTypes: ['Revisions'] }).injectEndpoints({
  endpoints: (build) => ({
    listRevisions: build.query<Named<RevisionSummary>[], string>({
      query: (id) => `${bookUrl(id)}/revisions`,
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, id) => [{ type: 'Revisions', id }],
    }),
    getRevision: build.query<Named<Revision>, { bookId: string; revisionId: string }>({
      query: ({ bookId, revisionId }) => `${bookUrl(bookId)}/revisions/${encodeURIComponent(revisionId)}`,
    }),
    restoreRevision: build.mutation<Book, { bookId: string; revisionId: string }>({
      query: ({ bookId, revisionId }) => ({
        url: `${bookUrl(bookId)}/revisions/${encodeURIComponent(revisionId)}/restore`,
        method: 'POST',
      }),
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(booksApi.util.upsertQueryData('getBook', data._id, data));
        } catch {
          // The dialog reports the failure.
        }
      },
    }),
    saveVersion: build.mutation<Named<Revision>, SaveVersionRequest>({
      query: ({ bookId, ...body }) => ({ url: `${bookUrl(bookId)}/revisions`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { bookId }) => [{ type: 'Revisions', id: bookId }],
    }),
    suggestMetadata: build.mutation<MetadataSuggestion, string>({
      query: (id) => ({ url: `${bookUrl(id)}/metadata/suggest`, method: 'POST' }),
      transformResponse: (response: { data: MetadataSuggestion }) => response.data,
    }),
  }),
});

export const {
  useListRevisionsQuery,
  useLazyGetRevisionQuery,
  useRestoreRevisionMutation,
  useSaveVersionMutation,
  useSuggestMetadataMutation,
} = revisionsApi;
