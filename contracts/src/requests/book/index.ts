import { defineHealthRequest } from '../health';
import { bookTrashRequests } from './trash';
import { bookMemberRequests } from './members';
import { workspaceRequests } from './workspaces';
import { bookCollabRequests } from './collab';
import { bookCommentRequests } from './comments';
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
  ...bookTrashRequests,
  ...bookMemberRequests,
  ...workspaceRequests,
  ...bookCollabRequests,
  ...bookCommentRequests,
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
