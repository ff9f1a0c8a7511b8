import { defineHealthRequest } from '../health';
import { trashBookRequest } from './trash-book';
import { restoreBookRequest } from './restore-book';
import { deleteForeverRequest } from './delete-forever';
import { listTrashRequest } from './list-trash';
import { listMembersRequest } from './list-members';
import { inviteMemberRequest } from './invite-member';
import { changeMemberRoleRequest } from './change-member-role';
import { removeMemberRequest } from './remove-member';
import { revokeInvitationRequest } from './revoke-invitation';
import { invitationLinkRequest } from './invitation-link';
import { getInvitationRequest } from './get-invitation';
import { acceptInvitationRequest } from './accept-invitation';
import { sharedBookIdsRequest } from './shared-book-ids';
import { checkAccessRequest } from './check-access';
import { createWorkspaceRequest } from './create-workspace';
import { listWorkspacesRequest } from './list-workspaces';
import { listWorkspaceMembersRequest } from './list-workspace-members';
import { inviteWorkspaceMemberRequest } from './invite-workspace-member';
import { changeWorkspaceMemberRoleRequest } from './change-workspace-member-role';
import { removeWorkspaceMemberRequest } from './remove-workspace-member';
import { revokeWorkspaceInvitationRequest } from './revoke-workspace-invitation';
import { workspaceInvitationLinkRequest } from './workspace-invitation-link';
import { setWorkspaceSeatsRequest } from './set-workspace-seats';
import { previewWorkspaceSeatsRequest } from './preview-workspace-seats';
import { changeWorkspaceSeatsRequest } from './change-workspace-seats';
import { listWorkspaceAuditRequest } from './list-workspace-audit';
import { moveBookRequest } from './move-book';
import { loadCollabRequest } from './load-collab';
import { saveCollabRequest } from './save-collab';
import { storeCollabStateRequest } from './store-collab-state';
import { listCommentsRequest } from './list-comments';
import { createCommentRequest } from './create-comment';
import { createCommentReplyRequest } from './create-comment-reply';
import { updateCommentRequest } from './update-comment';
import { deleteCommentRequest } from './delete-comment';
import { takeoutCommentsRequest } from './takeout-comments';
import { importManuscriptRequest } from './import-manuscript';
import { searchBooksRequest } from './search';
import { createBookRequest } from './create-book';
import { listBooksRequest } from './list-books';
import { getBookRequest } from './get-book';
import { updateStateRequest } from './update-state';
import { setCoverRequest } from './set-cover';
import { storeImageRequest } from './store-image';
import { updateContentRequest } from './update-content';
import { updateChaptersRequest } from './update-chapters';
import { updateMetadataRequest } from './update-metadata';
import { confirmBookRequest } from './confirm-book';
import { retryBookRequest } from './retry-book';
import { translateBookRequest } from './translate-book';
import { getBriefRequest } from './get-brief';
import { recordFailureRequest } from './record-failure';
import { completeManuscriptRequest } from './complete-manuscript';
import { listRevisionsRequest } from './list-revisions';
import { getRevisionRequest } from './get-revision';
import { restoreRevisionRequest } from './restore-revision';
import { saveRevisionRequest } from './save-revision';
import { keepBeforeRewriteRequest } from './keep-before-rewrite';
import { takeoutListRequest } from './takeout-list';
import { takeoutBookRequest } from './takeout-book';
import { takeoutVersionRequest } from './takeout-version';
import { rewriteContextRequest } from './rewrite-context';

export * from './book-brief';

export const bookRequests = {
  health: defineHealthRequest('book'),
  // The trash (handlers/trash.ts, restore.ts, delete-forever.ts, list-trash.ts in the book service).
  trash: trashBookRequest,
  restore: restoreBookRequest,
  deleteForever: deleteForeverRequest,
  listTrash: listTrashRequest,
  // Sharing a book (the book service's access/ folder): its people, their roles and the invitations.
  listMembers: listMembersRequest,
  invite: inviteMemberRequest,
  changeRole: changeMemberRoleRequest,
  removeMember: removeMemberRequest,
  revokeInvitation: revokeInvitationRequest,
  invitationLink: invitationLinkRequest,
  getInvitation: getInvitationRequest,
  acceptInvitation: acceptInvitationRequest,
  sharedBookIds: sharedBookIdsRequest,
  access: checkAccessRequest,
  // Team workspaces (the book service's access/ folder, decision 0042): their people, seats, books and audit
  // log. Membership is read beside the books, so "may this person do this to this book" stays one module.
  createWorkspace: createWorkspaceRequest,
  listWorkspaces: listWorkspacesRequest,
  listWorkspaceMembers: listWorkspaceMembersRequest,
  inviteWorkspaceMember: inviteWorkspaceMemberRequest,
  changeWorkspaceMemberRole: changeWorkspaceMemberRoleRequest,
  removeWorkspaceMember: removeWorkspaceMemberRequest,
  revokeWorkspaceInvitation: revokeWorkspaceInvitationRequest,
  workspaceInvitationLink: workspaceInvitationLinkRequest,
  setWorkspaceSeats: setWorkspaceSeatsRequest,
  previewWorkspaceSeats: previewWorkspaceSeatsRequest,
  changeWorkspaceSeats: changeWorkspaceSeatsRequest,
  listWorkspaceAudit: listWorkspaceAuditRequest,
  move: moveBookRequest,
  // The live document's side of the manuscript (decision 0043): the collab service loads and saves through these.
  loadCollab: loadCollabRequest,
  saveCollab: saveCollabRequest,
  storeCollabState: storeCollabStateRequest,
  // Comments on a book (the book service's comments/ folder): threads, replies, resolving, the takeout's copy.
  listComments: listCommentsRequest,
  createComment: createCommentRequest,
  createReply: createCommentReplyRequest,
  updateComment: updateCommentRequest,
  deleteComment: deleteCommentRequest,
  takeoutComments: takeoutCommentsRequest,
  importManuscript: importManuscriptRequest,
  search: searchBooksRequest,
  create: createBookRequest,
  list: listBooksRequest,
  get: getBookRequest,
  updateState: updateStateRequest,
  setCover: setCoverRequest,
  storeImage: storeImageRequest,
  updateContent: updateContentRequest,
  updateChapters: updateChaptersRequest,
  updateMetadata: updateMetadataRequest,
  confirm: confirmBookRequest,
  retry: retryBookRequest,
  translate: translateBookRequest,
  getBrief: getBriefRequest,
  recordFailure: recordFailureRequest,
  completeManuscript: completeManuscriptRequest,
  listRevisions: listRevisionsRequest,
  getRevision: getRevisionRequest,
  restoreRevision: restoreRevisionRequest,
  saveRevision: saveRevisionRequest,
  keepBeforeRewrite: keepBeforeRewriteRequest,
  takeoutList: takeoutListRequest,
  takeoutBook: takeoutBookRequest,
  takeoutVersion: takeoutVersionRequest,
  rewriteContext: rewriteContextRequest,
} as const;
