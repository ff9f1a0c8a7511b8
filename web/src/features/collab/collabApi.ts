import { api } from '../../api/api';
import type { ApiError } from '../../api/baseQuery';
import type { AppDispatch } from '../../app/store';
import { collabTokenOf, type CollabToken } from './collabContract';

/** Live books (issue 44): the token a page opens a shared book's live document with. */
export const collabApi = api.injectEndpoints({
  endpoints: (build) => ({
    collabToken: build.mutation<CollabToken, string>({
      query: (bookId) => ({ url: `/book/${encodeURIComponent(bookId)}/collab-token`, method: 'POST' }),
    }),
  }),
});

/**
 * POST /book/{id}/collab-token, outside the cache (a token is a secret, and each one is used once): rejects
 * with the ApiError of a refusal, or a 502 when the answer is not a token.
 */
export async function fetchCollabToken(dispatch: AppDispatch, bookId: string): Promise<CollabToken> {
  const answer: unknown = await dispatch(collabApi.endpoints.collabToken.initiate(bookId, { track: false })).unwrap();
  const token = collabTokenOf(answer);
  if (!token) throw { status: 502, msg: 'The collab token answer was not understood' } satisfies ApiError;
  return token;
}
