import type {
  AuditLog,
  BookSummary,
  InvitableWorkspaceRole,
  SeatsPreview,
  Workspace,
  WorkspaceMember,
  WorkspaceMembers,
} from '@bookwright/contracts/http';
import { api } from '../../api/api';

/** A pending invitation to a workspace, as GET /workspaces/{id}/members lists it. */
export type PendingWorkspaceInvitation = WorkspaceMembers['invitations'][number];

const workspaceUrl = (id: string) => `/workspaces/${encodeURIComponent(id)}`;
const memberUrl = (id: string, memberId: string) => `${workspaceUrl(id)}/members/${encodeURIComponent(memberId)}`;
const invitationUrl = (id: string, invitationId: string) =>
  `${workspaceUrl(id)}/invitations/${encodeURIComponent(invitationId)}`;

/** What changes the people of a workspace: its list, its seats (the workspace list) and its audit log. */
const peopleTags = (id: string) => [
  { type: 'WorkspaceMembers' as const, id },
  { type: 'WorkspaceAudit' as const, id },
  'Workspaces' as const,
];

/**
 * Team workspaces (issue 43): the ones the person belongs to, their people, seats and audit log, and moving
 * a book into one. Every change to the people refetches the list, the seats and the log.
 */
export const workspacesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWorkspaces: build.query<Workspace[], void>({
      query: () => '/workspaces',
      transformResponse: (answer: { workspaces: Workspace[] }) => answer.workspaces,
      providesTags: ['Workspaces'],
    }),
    createWorkspace: build.mutation<Workspace, { name: string }>({
      query: (body) => ({ url: '/workspaces', method: 'POST', body }),
      invalidatesTags: ['Workspaces'],
    }),
    listWorkspaceMembers: build.query<WorkspaceMembers, string>({
      query: (id) => `${workspaceUrl(id)}/members`,
      providesTags: (_result, _error, id) => [{ type: 'WorkspaceMembers', id }],
    }),
    inviteWorkspaceMember: build.mutation<
      PendingWorkspaceInvitation & { link: string },
      { workspaceId: string; email: string; role: InvitableWorkspaceRole }
    >({
      query: ({ workspaceId, ...body }) => ({ url: `${workspaceUrl(workspaceId)}/members`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { workspaceId }) => peopleTags(workspaceId),
    }),
    changeWorkspaceMemberRole: build.mutation<
      WorkspaceMember,
      { workspaceId: string; memberId: string; role: InvitableWorkspaceRole }
    >({
      query: ({ workspaceId, memberId, role }) => ({
        url: memberUrl(workspaceId, memberId),
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_result, _error, { workspaceId }) => peopleTags(workspaceId),
    }),
    /** An admin removes someone; a member removing themself leaves the workspace (and its books). */
    removeWorkspaceMember: build.mutation<unknown, { workspaceId: string; memberId: string }>({
      query: ({ workspaceId, memberId }) => ({ url: memberUrl(workspaceId, memberId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { workspaceId }) => [...peopleTags(workspaceId), 'Books'],
    }),
    revokeWorkspaceInvitation: build.mutation<unknown, { workspaceId: string; invitationId: string }>({
      query: ({ workspaceId, invitationId }) => ({ url: invitationUrl(workspaceId, invitationId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, { workspaceId }) => peopleTags(workspaceId),
    }),
    /** A new link to a pending invitation: only hashes of links are stored, so each copy asks for a new one. */
    newWorkspaceInvitationLink: build.mutation<{ link: string }, { workspaceId: string; invitationId: string }>({
      query: ({ workspaceId, invitationId }) => ({
        url: `${invitationUrl(workspaceId, invitationId)}/link`,
        method: 'POST',
      }),
    }),
    /** What a new seat count would cost, before it is confirmed. */
    previewSeats: build.query<SeatsPreview, { workspaceId: string; seats: number }>({
      query: ({ workspaceId, seats }) => `${workspaceUrl(workspaceId)}/seats/preview?seats=${seats}`,
      keepUnusedDataFor: 0,
    }),
    changeSeats: build.mutation<Workspace, { workspaceId: string; seats: number }>({
      query: ({ workspaceId, seats }) => ({
        url: `${workspaceUrl(workspaceId)}/seats`,
        method: 'PUT',
        body: { seats },
      }),
      invalidatesTags: (_result, _error, { workspaceId }) => peopleTags(workspaceId),
    }),
    /** The audit log, newest first (one page of the server's default size). */
    workspaceAudit: build.query<AuditLog, string>({
      query: (id) => `${workspaceUrl(id)}/audit`,
      providesTags: (_result, _error, id) => [{ type: 'WorkspaceAudit', id }],
    }),
    /** POST /book/{id}/move: the book's owner moves it into a workspace they belong to. */
    moveBook: build.mutation<BookSummary, { bookId: string; workspaceId: string }>({
      query: ({ bookId, workspaceId }) => ({
        url: `/book/${encodeURIComponent(bookId)}/move`,
        method: 'POST',
        body: { workspaceId },
      }),
      invalidatesTags: (_result, _error, { bookId, workspaceId }) => [
        'Books',
        { type: 'Book', id: bookId },
        { type: 'WorkspaceAudit', id: workspaceId },
      ],
    }),
  }),
});

export const {
  useListWorkspacesQuery,
  useCreateWorkspaceMutation,
  useListWorkspaceMembersQuery,
  useInviteWorkspaceMemberMutation,
  useChangeWorkspaceMemberRoleMutation,
  useRemoveWorkspaceMemberMutation,
  useRevokeWorkspaceInvitationMutation,
  useNewWorkspaceInvitationLinkMutation,
  usePreviewSeatsQuery,
  useChangeSeatsMutation,
  useWorkspaceAuditQuery,
  useMoveBookMutation,
} = workspacesApi;
