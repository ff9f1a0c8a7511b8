import type { Book, MetadataSuggestion, Revision, RevisionSummary } from '@bookwright/contracts';
import { api } from '../../api/api';
import { booksApi } from '../books/booksApi';

const bookUrl = (id: string) => `/book/${encodeURIComponent(id)}`;

/** Revision history and AI metadata suggestions of one book. */
export const revisionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRevisions: build.query<RevisionSummary[], string>({
      query: (id) => `${bookUrl(id)}/revisions`,
      keepUnusedDataFor: 0,
    }),
    getRevision: build.query<Revision, { bookId: string; revisionId: string }>({
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
  useSuggestMetadataMutation,
} = revisionsApi;
