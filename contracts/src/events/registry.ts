import type { AnyEventDef } from '../bus/define';
import { userRegisteredV1 } from './user/user-registered.v1';
import { userPasswordChangedV1 } from './user/user-password-changed.v1';
import { userDeletedV1 } from './user/user-deleted.v1';
import { userSessionRevokedV1 } from './user/user-session-revoked.v1';
import { userApiTokenActivityV1 } from './user/user-api-token-activity.v1';
import {
  bookChapterWrittenV1,
  bookConfirmedV1,
  bookCreatedV1,
  bookFailedV1,
  bookPlannedV1,
  bookReadyV1,
  bookUpdatedV1,
  bookDeletedV1,
  bookTranslationRequestedV1,
  bookChapterTranslatedV1,
} from './book/book-events.v1';
import { bookRestoredV1, bookTrashedV1 } from './book/book-trash-events.v1';
import { bookExportedV1, translationReadyV1 } from './book/book-outcome-events.v1';
import { bookMemberAddedV1, bookMemberRemovedV1, bookMemberRoleChangedV1 } from './book/book-member-events.v1';
import { workspaceMemberAddedV1, workspaceMemberRemovedV1 } from './workspace/workspace-member-events.v1';
import { commentCreatedV1, commentResolvedV1 } from './comment/comment-events.v1';
import { bookPlanningRequestedV2 } from './book/book-planning-requested.v2';
import { planBuiltV1, planFailedV1 } from './planner/planner-events.v1';
import { billingPlanChangedV1, billingSubscriptionChangedV1 } from './billing/billing-events.v1';

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
