import { randomUUID } from 'node:crypto';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { defineService, on, OutboxRelay, type Subscription, serveHealth, pingDatabase } from '@bookwright/kit';
import { BookConfigSchema, type BookConfig } from './config';
import { migrations } from './db/migrations';
import type { BookDatabase } from './db/schema';
import type { BookHandlerDeps } from './handlers/deps';
import { createBook } from './handlers/create';
import { importManuscript } from './handlers/import-manuscript';
import { translateBook } from './handlers/translate';
import { listBooks } from './handlers/list';
import { getBook } from './handlers/get';
import { getBrief } from './handlers/get-brief';
import { updateBookState } from './handlers/update-state';
import { setCover } from './handlers/set-cover';
import { storeImage } from './handlers/store-image';
import { updateMetadata } from './handlers/update-metadata';
import { updateContent } from './handlers/update-content';
import { updateChapters } from './handlers/update-chapters';
import { loadCollab } from './handlers/load-collab';
import { saveCollab } from './handlers/save-collab';
import { storeCollabState } from './handlers/store-state-collab';
import { confirmBook } from './handlers/confirm';
import { retryBook } from './handlers/retry';
import { recordFailure } from './handlers/record-failure';
import { completeManuscript } from './handlers/complete-manuscript';
import { onBookChapterWritten } from './handlers/on-book-chapter-written';
import { onBookChapterTranslated } from './handlers/on-book-chapter-translated';
import { reannounceUnfinishedWork } from './jobs/reannounce-unfinished-work';
import { failStalledBooks } from './jobs/fail-stalled-books';
import { recordPlan } from './handlers/on-planner-plan-built';
import { recordPlanFailure } from './handlers/on-planner-plan-failed';
import { onUserDeleted } from './handlers/on-user-deleted';
import { onBookDeleted } from './handlers/on-book-deleted';
import { trashBook } from './handlers/trash';
import { restoreBook } from './handlers/restore';
import { deleteBookForever } from './handlers/delete-forever';
import { listTrash } from './handlers/list-trash';
import { searchBooks } from './handlers/search';
import { purgeExpiredTrash } from './jobs/purge-trash';
import { trackBooksByStatus } from './observability/books-by-status';
import { listRevisions } from './handlers/list-revisions';
import { getRevision } from './handlers/get-revisions';
import { restoreRevision } from './handlers/restore-revisions';
import { saveRevision } from './handlers/save-revisions';
import { keepBeforeRewrite } from './handlers/keep-before-rewrite-revisions';
import { getRewriteContext } from './handlers/context-rewrite';
import { listTakeout } from './handlers/list-takeout';
import { getTakeoutBook } from './handlers/book-takeout';
import { getTakeoutVersion } from './handlers/version-takeout';
import { RevisionRetention } from './domain/revision-retention';
import { SavedChaptersMemory } from './domain/saved-chapters';
import { BillingPayerPlans } from './access/payer-plans';
import { listMembers } from './handlers/list-members';
import { inviteMember } from './handlers/invite-member';
import { changeMemberRole } from './handlers/change-member-role';
import { removeMember } from './handlers/remove-member';
import { revokeInvitation } from './handlers/revoke-invitation';
import { createInvitationLink } from './handlers/create-invitation-link';
import { getInvitation } from './handlers/get-invitation';
import { acceptInvitation } from './handlers/accept-invitation';
import { listSharedBooks } from './handlers/list-shared-books';
import { checkAccess } from './handlers/check-access';

import { createWorkspace } from './handlers/create-workspace';
import { listWorkspaces } from './handlers/list-workspaces';
import { listWorkspaceMembers } from './handlers/list-workspace-members';
import { inviteWorkspaceMember } from './handlers/invite-workspace-member';
import { changeWorkspaceMemberRole } from './handlers/change-workspace-member-role';
import { removeWorkspaceMember } from './handlers/remove-workspace-member';
import { revokeWorkspaceInvitation } from './handlers/revoke-workspace-invitation';
import { createWorkspaceInvitationLink } from './handlers/create-workspace-invitation-link';
import { setWorkspaceSeats } from './handlers/set-workspace-seats';
import { previewWorkspaceSeats } from './handlers/preview-workspace-seats';
import { changeWorkspaceSeats } from './handlers/change-workspace-seats';
import { listWorkspaceAudit } from './handlers/list-workspace-audit';
import { moveBook } from './handlers/move';
import { listComments } from './handlers/list-comments';
import { createComment } from './handlers/create-comment';
import { createCommentReply } from './handlers/create-comment-reply';
import { updateComment } from './handlers/update-comment';
import { deleteComment } from './handlers/delete-comment';
import { getTakeoutComments } from './handlers/comments-takeout';
import { onUserApiTokenActivity } from './handlers/on-user-api-token-activity';
import { onCommentCreated } from './handlers/on-comment-created';

/**
 * Books: their whole life (creation with the allowance, the status table, the plan, the manuscript, the
 * metadata) and ownership.
 */
export const bookService = defineService({
  name: 'book',
  configSchema: BookConfigSchema,
  async start({ config, logger, bus, blobs, openDatabase, now = () => new Date() }) {
    const database = await openDatabase<BookDatabase>(migrations);
    const relay = new OutboxRelay({ db: database.db, bus, logger, events });
    relay.start();
    const untrackBooks = trackBooksByStatus(database.db);
    const retention = new RevisionRetention({ db: database.db, logger, now });
    const payers = new BillingPayerPlans(bus);
    const deps: BookHandlerDeps = {
      payers,
      db: database.db,
      bus,
      relay,
      blobs,
      logger,
      newId: randomUUID,
      now,
      retention,
      savedChapters: new SavedChaptersMemory(),
    };

    const subscriptions: Subscription[] = await Promise.all([
      serveHealth(bus, requests.book.health, () => pingDatabase(database.db)),
      ...serveBookRequests(deps),
      ...serveSharingRequests(deps),
      ...serveWorkspaceRequests(deps),
      ...serveCommentRequests(deps),
      payers.listen(),
      bus.consume('book', [
        on(events.bookChapterWritten, onBookChapterWritten(deps)),
        on(events.bookChapterTranslated, onBookChapterTranslated(deps)),
        on(events.planBuilt, recordPlan(deps)),
        on(events.planFailed, recordPlanFailure(deps)),
        on(events.userDeleted, onUserDeleted(deps)),
        on(events.bookDeleted, onBookDeleted(deps)),
        on(events.commentCreated, onCommentCreated(deps)),
        on(events.userApiTokenActivity, onUserApiTokenActivity(deps)),
      ]),
    ]);
    await reannounceUnfinishedWork(deps);
    const stopPeriodicJobs = startPeriodicJobs(deps, config);

    return {
      async ready() {
        await database.answers('books');
        return true;
      },
      async stop() {
        stopPeriodicJobs();
        untrackBooks();
        await Promise.all(subscriptions.map((s) => s.stop()));
        await relay.stop();
        await retention.stop();
        await database.close();
      },
    };
  },
});

/** The requests about a book's life, text and revisions. */
function serveBookRequests(deps: BookHandlerDeps): Promise<Subscription>[] {
  const { bus } = deps;
  return [
    bus.serve(requests.book.create, createBook(deps)),
    bus.serve(requests.book.importManuscript, importManuscript(deps)),
    bus.serve(requests.book.list, listBooks(deps)),
    bus.serve(requests.book.get, getBook(deps)),
    bus.serve(requests.book.updateState, updateBookState(deps)),
    bus.serve(requests.book.setCover, setCover(deps)),
    bus.serve(requests.book.storeImage, storeImage(deps)),
    bus.serve(requests.book.updateContent, updateContent(deps)),
    bus.serve(requests.book.updateChapters, updateChapters(deps)),
    bus.serve(requests.book.loadCollab, loadCollab(deps)),
    bus.serve(requests.book.saveCollab, saveCollab(deps)),
    bus.serve(requests.book.storeCollabState, storeCollabState(deps)),
    bus.serve(requests.book.updateMetadata, updateMetadata(deps)),
    bus.serve(requests.book.confirm, confirmBook(deps)),
    bus.serve(requests.book.retry, retryBook(deps)),
    bus.serve(requests.book.translate, translateBook(deps)),
    bus.serve(requests.book.getBrief, getBrief(deps)),
    bus.serve(requests.book.recordFailure, recordFailure(deps)),
    bus.serve(requests.book.completeManuscript, completeManuscript(deps)),
    bus.serve(requests.book.listRevisions, listRevisions(deps)),
    bus.serve(requests.book.getRevision, getRevision(deps)),
    bus.serve(requests.book.restoreRevision, restoreRevision(deps)),
    bus.serve(requests.book.saveRevision, saveRevision(deps)),
    bus.serve(requests.book.keepBeforeRewrite, keepBeforeRewrite(deps)),
    bus.serve(requests.book.rewriteContext, getRewriteContext(deps)),
    bus.serve(requests.book.takeoutList, listTakeout(deps)),
    bus.serve(requests.book.takeoutBook, getTakeoutBook(deps)),
    bus.serve(requests.book.takeoutVersion, getTakeoutVersion(deps)),
    bus.serve(requests.book.trash, trashBook(deps)),
    bus.serve(requests.book.restore, restoreBook(deps)),
    bus.serve(requests.book.deleteForever, deleteBookForever(deps)),
    bus.serve(requests.book.listTrash, listTrash(deps)),
    bus.serve(requests.book.search, searchBooks(deps)),
  ];
}

/** The requests about a book's people: members, invitations and access checks for other services. */
function serveSharingRequests(deps: BookHandlerDeps): Promise<Subscription>[] {
  const { bus } = deps;
  return [
    bus.serve(requests.book.listMembers, listMembers(deps)),
    bus.serve(requests.book.invite, inviteMember(deps)),
    bus.serve(requests.book.changeRole, changeMemberRole(deps)),
    bus.serve(requests.book.removeMember, removeMember(deps)),
    bus.serve(requests.book.revokeInvitation, revokeInvitation(deps)),
    bus.serve(requests.book.invitationLink, createInvitationLink(deps)),
    bus.serve(requests.book.getInvitation, getInvitation(deps)),
    bus.serve(requests.book.acceptInvitation, acceptInvitation(deps)),
    bus.serve(requests.book.sharedBookIds, listSharedBooks(deps)),
    bus.serve(requests.book.access, checkAccess(deps)),
  ];
}

/** The requests about team workspaces: their people, seats and audit log, and moving a book into one. */
function serveWorkspaceRequests(deps: BookHandlerDeps): Promise<Subscription>[] {
  const { bus } = deps;
  return [
    bus.serve(requests.book.createWorkspace, createWorkspace(deps)),
    bus.serve(requests.book.listWorkspaces, listWorkspaces(deps)),
    bus.serve(requests.book.listWorkspaceMembers, listWorkspaceMembers(deps)),
    bus.serve(requests.book.inviteWorkspaceMember, inviteWorkspaceMember(deps)),
    bus.serve(requests.book.changeWorkspaceMemberRole, changeWorkspaceMemberRole(deps)),
    bus.serve(requests.book.removeWorkspaceMember, removeWorkspaceMember(deps)),
    bus.serve(requests.book.revokeWorkspaceInvitation, revokeWorkspaceInvitation(deps)),
    bus.serve(requests.book.workspaceInvitationLink, createWorkspaceInvitationLink(deps)),
    bus.serve(requests.book.setWorkspaceSeats, setWorkspaceSeats(deps)),
    bus.serve(requests.book.previewWorkspaceSeats, previewWorkspaceSeats(deps)),
    bus.serve(requests.book.changeWorkspaceSeats, changeWorkspaceSeats(deps)),
    bus.serve(requests.book.listWorkspaceAudit, listWorkspaceAudit(deps)),
    bus.serve(requests.book.move, moveBook(deps)),
  ];
}

/** The requests about a book's comments: threads, replies, resolving, and the takeout's copy. */
function serveCommentRequests(deps: BookHandlerDeps): Promise<Subscription>[] {
  const { bus } = deps;
  return [
    bus.serve(requests.book.listComments, listComments(deps)),
    bus.serve(requests.book.createComment, createComment(deps)),
    bus.serve(requests.book.createReply, createCommentReply(deps)),
    bus.serve(requests.book.updateComment, updateComment(deps)),
    bus.serve(requests.book.deleteComment, deleteComment(deps)),
    bus.serve(requests.book.takeoutComments, getTakeoutComments(deps)),
  ];
}

/** The stalled-book watchdog and the trash's sweep, on timers that do not keep the process alive. */
function startPeriodicJobs(deps: BookHandlerDeps, config: BookConfig): () => void {
  const { logger } = deps;
  const stalledAfterMs = config.BOOK_STALLED_AFTER_MS;
  const watchdog = setInterval(
    () => {
      failStalledBooks(deps, stalledAfterMs).catch((error: unknown) => {
        logger.warn({ err: error }, 'stalled-book check failed; trying again at the next one');
      });
    },
    Math.min(60_000, Math.max(250, Math.floor(stalledAfterMs / 4))),
  );
  watchdog.unref();
  // The trash's sweep, on the same kind of timer: books trashed 30 days ago or more go for good.
  const trashSweep = setInterval(() => {
    purgeExpiredTrash(deps).catch((error: unknown) => {
      logger.warn({ err: error }, 'trash sweep failed; trying again at the next one');
    });
  }, config.BOOK_TRASH_SWEEP_MS);
  trashSweep.unref();
  return () => {
    clearInterval(watchdog);
    clearInterval(trashSweep);
  };
}
