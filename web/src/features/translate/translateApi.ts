import type { TranslateBookRequest, TranslateBookResponse } from '@bookwright/contracts';
import { api } from '../../api/api';

export const translateApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book/{id}/translate: starts a translation into a new book (uses one translation of the month). */
    translateBook: build.mutation<TranslateBookResponse, { id: string } & TranslateBookRequest>({
      query: ({ id, language }) => ({
        url: `/book/${encodeURIComponent(id)}/translate`,
        method: 'POST',
        body: { language },
      }),
      invalidatesTags: ['Books', 'CurrentUser'],
    }),
  }),
});

export const { useTranslateBookMutation } = translateApi;
