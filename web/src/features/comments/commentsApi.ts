import type {
  CommentReply,
  CommentThread,
  CreateCommentRequest,
  LiveCommentChange,
  UpdateCommentRequest,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';
import type { AppDispatch } from '../../app/store';

const commentsUrl = (bookId: string) => `/book/${encodeURIComponent(bookId)}/comments`;
const commentUrl = (bookId: string, commentId: string) => `${commentsUrl(bookId)}/${encodeURIComponent(commentId)}`;

/**
 * A book's comment threads (issue 44). Every answer is written into the cached list at once, so the page
 * that acted shows it without a second read; the others hear of new comments and resolved threads on the
 * event stream (`applyCommentChange`) and read the list again.
 */
export const commentsApi = api.enhanceEndpoints({ addTagTypes: ['Comments'] }).injectEndpoints({
  endpoints: (build) => ({
    listComments: build.query<CommentThread[], string>({
      query: (bookId) => commentsUrl(bookId),
      providesTags: (_result, _error, bookId) => [{ type: 'Comments', id: bookId }],
    }),
    createComment: build.mutation<CommentThread, { bookId: string } & CreateCommentRequest>({
      query: ({ bookId, ...body }) => ({ url: commentsUrl(bookId), method: 'POST', body }),
      async onQueryStarted({ bookId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(putThread(bookId, data));
      },
    }),
    replyToComment: build.mutation<CommentReply, { bookId: string; threadId: string; body: string }>({
      query: ({ bookId, threadId, body }) => ({
        url: `${commentUrl(bookId, threadId)}/replies`,
        method: 'POST',
        body: { body },
      }),
      async onQueryStarted({ bookId, threadId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          commentsApi.util.updateQueryData('listComments', bookId, (threads) => {
            const thread = threads.find((t) => t.id === threadId);
            if (thread && !thread.replies.some((r) => r.id === data.id)) thread.replies.push(data);
          }),
        );
      },
    }),
    /** A thread's or a reply's body, or a thread's `resolved`: the answer is the whole thread. */
    updateComment: build.mutation<CommentThread, { bookId: string; commentId: string } & UpdateCommentRequest>({
      query: ({ bookId, commentId, ...body }) => ({ url: commentUrl(bookId, commentId), method: 'PATCH', body }),
      async onQueryStarted({ bookId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(putThread(bookId, data));
      },
    }),
    deleteComment: build.mutation<{ msg: string }, { bookId: string; commentId: string }>({
      query: ({ bookId, commentId }) => ({ url: commentUrl(bookId, commentId), method: 'DELETE' }),
      async onQueryStarted({ bookId, commentId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data) return;
        dispatch(
          commentsApi.util.updateQueryData('listComments', bookId, (threads) =>
            threads
              .filter((t) => t.id !== commentId)
              .map((t) => ({ ...t, replies: t.replies.filter((r) => r.id !== commentId) })),
          ),
        );
      },
    }),
  }),
});

/** Writes a thread the server answered into the cached list: replaced in place, or added at the end. */
function putThread(bookId: string, thread: CommentThread) {
  return commentsApi.util.updateQueryData('listComments', bookId, (threads) => {
    const at = threads.findIndex((t) => t.id === thread.id);
    if (at === -1) threads.push(thread);
    else threads[at] = thread;
  });
}

/** A comment event of the stream (another page, person or API client commented): the book's list is read again. */
export function applyCommentChange(dispatch: AppDispatch, change: LiveCommentChange): void {
  dispatch(commentsApi.util.invalidateTags([{ type: 'Comments', id: change.bookId }]));
}

export const {
  useListCommentsQuery,
  useCreateCommentMutation,
  useReplyToCommentMutation,
  useUpdateCommentMutation,
  useDeleteCommentMutation,
} = commentsApi;
