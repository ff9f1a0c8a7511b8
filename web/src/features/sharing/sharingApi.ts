import type {
  AcceptedInvitation,
  BookMember,
  BookMembers,
  CreatedInvitation,
  InvitationView,
  InviteMemberRequest,
  Message,
  SharedRole,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';

const membersUrl = (bookId: string) => `/book/${encodeURIComponent(bookId)}/members`;
const memberUrl = (bookId: string, memberId: string) => `${membersUrl(bookId)}/${encodeURIComponent(memberId)}`;
const invitationUrl = (bookId: string, invitationId: string) =>
  `/book/${encodeURIComponent(bookId)}/invitations/${encodeURIComponent(invitationId)}`;
const tokenUrl = (token: string) => `/invitations/${encodeURIComponent(token)}`;

/**
 * Sharing a book (issue 43): who is on it, the owner's invitations, and the invitation page's view and accept.
 * Every change to the people refetches the list; leaving a book or accepting one refetches the library.
 */
export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<BookMembers, string>({
      query: membersUrl,
      providesTags: (_result, _error, bookId) => [{ type: 'Members', id: bookId }],
    }),
    inviteMember: build.mutation<CreatedInvitation, { bookId: string } & InviteMemberRequest>({
      query: ({ bookId, ...body }) => ({ url: membersUrl(bookId), method: 'POST', body }),
      invalidatesTags: (_result, _error, { bookId }) => [{ type: 'Members', id: bookId }],
    }),
    changeMemberRole: build.mutation<BookMember, { bookId: string; memberId: string; role: SharedRole }>({
      query: ({ bookId, memberId, role }) => ({ url: memberUrl(bookId, memberId), method: 'PATCH', body: { role } }),
      invalidatesTags: (_result, _error, { bookId }) => [{ type: 'Members', id: bookId }],
    }),
    /** Removes a person; a member removing themself leaves the book (it leaves their library too). */
    removeMember: build.mutation<Message, { bookId: string; memberId: string }>({
      query: ({ bookId, memberId }) => ({ url: memberUrl(bookId, memberId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { bookId }) => [{ type: 'Members', id: bookId }, 'Books'],
    }),
    revokeInvitation: build.mutation<Message, { bookId: string; invitationId: string }>({
      query: ({ bookId, invitationId }) => ({ url: invitationUrl(bookId, invitationId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { bookId }) => [{ type: 'Members', id: bookId }],
    }),
    /** A new link to a pending invitation: only hashes of links are stored, so each copy asks for a new one. */
    newInvitationLink: build.mutation<{ link: string }, { bookId: string; invitationId: string }>({
      query: ({ bookId, invitationId }) => ({ url: `${invitationUrl(bookId, invitationId)}/link`, method: 'POST' }),
    }),
    /** Public: who invited whom to what. */
    getInvitation: build.query<InvitationView, string>({
      query: tokenUrl,
    }),
    acceptInvitation: build.mutation<AcceptedInvitation, string>({
      query: (token) => ({ url: `${tokenUrl(token)}/accept`, method: 'POST' }),
      invalidatesTags: ['Books', 'Workspaces'],
    }),
  }),
});

export const {
  useListMembersQuery,
  useInviteMemberMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  useNewInvitationLinkMutation,
  useGetInvitationQuery,
  useAcceptInvitationMutation,
} = sharingApi;
