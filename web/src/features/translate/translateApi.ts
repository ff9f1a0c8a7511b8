import type { TranslateBookRequest, TranslateBookResponse } from '@bookwright/contracts';
import { api } from '../../api/api';

export const translateApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /book/{id}/translate: starts a translation into a new book (uses one translation of the month). */
    translateBook: build.mutation<TranslateBookResponse, { id: string } & TranslateBookRequest>({
      query: ({ id, language, title }) => ({
        url: `/book/${encodeURIComponent(id)}/translate`,
        method: 'POST',
        body: title === undefined ? { language } : { language, title },
      }),
      invalidatesTags: ['Books', 'CurrentUser'],
    }),
  }),
});

export const { useTranslateBookMutation } = translateApi;
