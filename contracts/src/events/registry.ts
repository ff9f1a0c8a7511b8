import type { AnyEventDef } from '../bus/define';
import { userRegisteredV1 } from './user/user-registered.v1';
import { userPasswordChangedV1 } from './user/user-password-changed.v1';
import { userDeletedV1 } from './user/user-deleted.v1';
import { userSessionRevokedV1 } from './user/user-session-revoked.v1';
import { userApiTokenActivityV1 } from './user/user-api-token-activity.v1';
import { bookCreatedV1 } from './book/book-created.v1';
import { bookPlannedV1 } from './book/book-planned.v1';
import { bookConfirmedV1 } from './book/book-confirmed.v1';
import { bookChapterWrittenV1 } from './book/book-chapter-written.v1';
import { bookTranslationRequestedV1 } from './book/book-translation-requested.v1';
import { bookChapterTranslatedV1 } from './book/book-chapter-translated.v1';
import { bookReadyV1 } from './book/book-ready.v1';
import { bookFailedV1 } from './book/book-failed.v1';
import { bookUpdatedV1 } from './book/book-updated.v1';
import { bookDeletedV1 } from './book/book-deleted.v1';
import { bookTrashedV1 } from './book/book-trashed.v1';
import { bookRestoredV1 } from './book/book-restored.v1';
import { bookExportedV1 } from './book/book-exported.v1';
import { translationReadyV1 } from './book/translation-ready.v1';
import { bookMemberAddedV1 } from './book/book-member-added.v1';
import { bookMemberRemovedV1 } from './book/book-member-removed.v1';
import { bookMemberRoleChangedV1 } from './book/book-member-role-changed.v1';
import { workspaceMemberAddedV1 } from './workspace/workspace-member-added.v1';
import { workspaceMemberRemovedV1 } from './workspace/workspace-member-removed.v1';
import { commentCreatedV1 } from './comment/comment-created.v1';
import { commentResolvedV1 } from './comment/comment-resolved.v1';
import { bookPlanningRequestedV2 } from './book/book-planning-requested.v2';
import { planBuiltV1 } from './planner/planner-plan-built.v1';
import { planFailedV1 } from './planner/planner-plan-failed.v1';
import { billingPlanChangedV1 } from './billing/billing-plan-changed.v1';
import { billingSubscriptionChangedV1 } from './billing/billing-subscription-changed.v1';

/**
 * Every event of the system, in one list the compiler checks: code refers to `events.userRegistered`,
 * never to a subject string, so a typo cannot compile. Add new events here and to the AsyncAPI script.
 */
export const events = {
  userRegistered: userRegisteredV1,
  userPasswordChanged: userPasswordChangedV1,
  userDeleted: userDeletedV1,
  userSessionRevoked: userSessionRevokedV1,
  userApiTokenActivity: userApiTokenActivityV1,
  bookCreated: bookCreatedV1,
  bookPlanningRequested: bookPlanningRequestedV2,
  bookPlanned: bookPlannedV1,
  bookConfirmed: bookConfirmedV1,
  bookChapterWritten: bookChapterWrittenV1,
  bookTranslationRequested: bookTranslationRequestedV1,
  bookChapterTranslated: bookChapterTranslatedV1,
  bookReady: bookReadyV1,
  translationReady: translationReadyV1,
  bookExported: bookExportedV1,
  bookFailed: bookFailedV1,
  bookUpdated: bookUpdatedV1,
  bookDeleted: bookDeletedV1,
  bookTrashed: bookTrashedV1,
  bookRestored: bookRestoredV1,
  bookMemberAdded: bookMemberAddedV1,
  bookMemberRemoved: bookMemberRemovedV1,
  bookMemberRoleChanged: bookMemberRoleChangedV1,
  workspaceMemberAdded: workspaceMemberAddedV1,
  workspaceMemberRemoved: workspaceMemberRemovedV1,
  commentCreated: commentCreatedV1,
  commentResolved: commentResolvedV1,
  billingPlanChanged: billingPlanChangedV1,
  billingSubscriptionChanged: billingSubscriptionChangedV1,
  planBuilt: planBuiltV1,
  planFailed: planFailedV1,
} as const satisfies Record<string, AnyEventDef>;

export type EventName = (typeof events)[keyof typeof events]['name'];
