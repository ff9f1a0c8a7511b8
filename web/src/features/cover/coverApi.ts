import type { Book, GenerateCoverRequest } from '@bookwright/contracts/http';
import { api } from '../../api/api';
import { booksApi } from '../books/booksApi';
import { postForFile } from '../export/fileRequest';

const bookPath = (id: string) => encodeURIComponent(id);

/** A generated cover: the preview (an object URL of the answered bytes) and the stored cover's URL. */
export interface GeneratedCover {
  previewUrl: string;
  /** x-image-url: the cover as stored (its full-resolution master stays behind it for print). */
  imageUrl: string;
  coverId: string | null;
}

/** The cover endpoints (spec §7): generate, upload, and apply a cover to the book. */
export const coverApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book/cover/{id}: answers the image; one cover of the monthly allowance. */
    generateCover: build.mutation<GeneratedCover, { id: string; options: GenerateCoverRequest }>({
      queryFn: async ({ id, options }, { signal }) => {
        const result = await postForFile(`/book/cover/${bookPath(id)}`, options, signal);
        if ('error' in result) return { error: result.error };
        const imageUrl = result.data.headers.get('x-image-url');
        // Without the stored cover's URL there is nothing to apply: a failure like any other.
        if (!imageUrl) return { error: { status: 502 } };
        return {
          data: {
            previewUrl: URL.createObjectURL(result.data.blob),
            imageUrl,
            coverId: result.data.headers.get('x-cover-id'),
          },
        };
      },
      // The allowance (coversLeftThisMonth) changed.
      invalidatesTags: (result) => (result ? ['CurrentUser'] : []),
    }),
    /** POST /book/upload-cover/{id}: multipart field `image`; answers where the stored cover is. */
    uploadCover: build.mutation<{ imageUrl: string }, { id: string; image: File }>({
      query: ({ id, image }) => {
        const body = new FormData();
        body.append('image', image);
        return { url: `/book/upload-cover/${bookPath(id)}`, method: 'POST', body };
      },
    }),
    /** PATCH /book/{id} { coverImage }: applies a stored cover to the book. */
    applyCover: build.mutation<Book, { id: string; coverImage: string }>({
      query: ({ id, coverImage }) => ({ url: `/book/${bookPath(id)}`, method: 'PATCH', body: { coverImage } }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(booksApi.util.upsertQueryData('getBook', id, data));
        } catch {
          // The dialog reports the failure.
        }
      },
      // The editor header and the library show the cover.
      invalidatesTags: (result, _error, { id }) => (result ? ['Books', { type: 'Book', id }] : []),
    }),
  }),
});

export const { useGenerateCoverMutation, useUploadCoverMutation, useApplyCoverMutation } = coverApi;
