import type { BookSummary, Message } from '@bookwright/contracts/http';
import { api } from '../../api/api';

/** A book in the trash: the library's summary, when it was moved there and when it will be purged. */
export type TrashedBook = BookSummary & { deletedAt: string; purgeAt: string };

/** The Trash view, reachable from the library and the sidebar. */
export const trashPath = '/app/trash';

const bookUrl = (id: string) => `/book/${encodeURIComponent(id)}`;

/**
 * The trash (issue 19). A move empties the book out of the library and into the trash, a restore the other
 * way round, so each invalidates both lists; a permanent deletion only the trash.
 */
export const trashApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /book/trash: trashed books with deletedAt and purgeAt (30 days later). */
    listTrash: build.query<TrashedBook[], void>({
      query: () => '/book/trash',
      providesTags: ['Trash'],
    }),
    /** DELETE /book/{id}: into the trash ("Book moved to trash"). */
    moveToTrash: build.mutation<Message, string>({
      query: (id) => ({ url: bookUrl(id), method: 'DELETE' }),
      invalidatesTags: ['Books', 'Trash'],
    }),
    /** POST /book/{id}/restore: back into the library, whole ("Book restored"). */
    restoreBook: build.mutation<Message, string>({
      query: (id) => ({ url: `${bookUrl(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['Books', 'Trash'],
    }),
    /** DELETE /book/{id}/permanent: gone, with everything every service holds of it ("Book deleted forever"). */
    deleteForever: build.mutation<Message, string>({
      query: (id) => ({ url: `${bookUrl(id)}/permanent`, method: 'DELETE' }),
      invalidatesTags: ['Trash'],
    }),
  }),
});

export const { useListTrashQuery, useMoveToTrashMutation, useRestoreBookMutation, useDeleteForeverMutation } = trashApi;
