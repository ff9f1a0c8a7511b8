import type {
  TranslateBookRequest,
  TranslateBookResponse,
  TranslationTitleRequest,
  TranslationTitleSuggestion,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';

export const translateApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /book/{id}/translation-title: the translation's title in `language`, by the AI model where one is
     * configured. A query (it saves nothing), so each language is asked once while the dialog is in use.
     */
    suggestTranslationTitle: build.query<TranslationTitleSuggestion, { id: string } & TranslationTitleRequest>({
      query: ({ id, language }) => ({
        url: `/book/${encodeURIComponent(id)}/translation-title`,
        method: 'POST',
        body: { language },
      }),
      transformResponse: (response: { data: TranslationTitleSuggestion }) => response.data,
    }),
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

export const { useTranslateBookMutation, useSuggestTranslationTitleQuery } = translateApi;
