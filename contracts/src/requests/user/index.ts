import { z } from 'zod';
import { SalesEnquirySchema } from '../billing';
import { defineRequest } from '../../bus/define';
import { MailSettingsSchema, UserProfileSchema } from '../../entities/user';
import { emailAddressSchema } from '../../entities/formats';
import { SignUpRequestSchema } from '../../http/auth/sign-up';
import { LoginRequestSchema } from '../../http/auth/login';
import { ChangePasswordRequestSchema } from '../../http/auth/change-password';
import { DeleteAccountRequestSchema, UpdateAccountRequestSchema } from '../../http/user/account';
import { ForgotPasswordRequestSchema, ResetPasswordRequestSchema } from '../../http/auth/password-reset';
import { IdentityClaimsSchema } from '../../http/auth/identity-provider';
import { IssuedSessionSchema, ResolvedSessionSchema } from './session';
import { defineHealthRequest } from '../health';
import { apiTokenRequests } from './api-tokens';

export * from './session';

const SessionReplySchema = z.object({ user: UserProfileSchema, session: IssuedSessionSchema });
/** The session the browser already had, if any: the new one replaces it (it is revoked). */
const replacesToken = { replacesToken: z.string().optional() };

export const userRequests = {
  health: defineHealthRequest('user'),
  ...apiTokenRequests,
  signUp: defineRequest({
    name: 'user.sign-up',
    version: 1,
    request: SignUpRequestSchema.extend(replacesToken),
    response: SessionReplySchema,
    description:
      'Creates an account and its first session (revoking the one in replacesToken). 409 when the email is taken.',
  }),
  login: defineRequest({
    name: 'user.login',
    version: 1,
    request: LoginRequestSchema.extend(replacesToken),
    response: SessionReplySchema,
    description:
      'Checks credentials and opens a new session that replaces (revokes) the one in replacesToken. 401 with one message for any failure.',
  }),
  logout: defineRequest({
    name: 'user.logout',
    version: 1,
    request: z.object({ token: z.string() }),
    response: z.object({}),
    description: 'Revokes the session with this token; succeeds when it is already gone.',
  }),
  resolveSession: defineRequest({
    name: 'user.session.resolve',
    version: 1,
    request: z.object({ token: z.string() }),
    response: ResolvedSessionSchema,
    description: 'Maps a session token to its user. 401 when unknown, revoked or expired.',
  }),
  getProfile: defineRequest({
    name: 'user.profile.get',
    version: 1,
    request: z.object({ userId: z.string() }),
    response: UserProfileSchema,
    description: 'The profile of one user. 404 when unknown.',
  }),
  changePassword: defineRequest({
    name: 'user.password.change',
    version: 1,
    request: z.object({ userId: z.string(), sessionId: z.string(), change: ChangePasswordRequestSchema }),
    response: z.object({}),
    description: 'Changes the password and revokes every session of the user except the caller’s (`sessionId`).',
  }),
  updateAccount: defineRequest({
    name: 'user.account.update',
    version: 1,
    request: z.object({
      userId: z.string(),
      changes: UpdateAccountRequestSchema,
      /** A new avatar the gateway left in the blob store under `uploads/`; deleted whatever happens. */
      avatarUploadKey: z.string().optional(),
    }),
    response: UserProfileSchema,
    description:
      'Changes names, username, email (current password needed) and avatar. 409 when the email or username ' +
      'is taken, 400 for a wrong password or an unusable image.',
  }),
  deleteAccount: defineRequest({
    name: 'user.account.delete',
    version: 1,
    request: z.object({ userId: z.string(), confirmation: DeleteAccountRequestSchema }),
    response: z.object({}),
    description:
      'Deletes the account after checking the password (or, without one, the email); revokes every session ' +
      'and announces user.deleted so every service removes what it holds of the user.',
  }),
  sendSalesEnquiry: defineRequest({
    name: 'user.sales-enquiry.send',
    version: 1,
    request: SalesEnquirySchema,
    response: z.object({ msg: z.string() }),
    description: 'Mails an Enterprise enquiry (contact sales) to the sales address through the mail outbox.',
  }),
  forgotPassword: defineRequest({
    name: 'user.password.forgot',
    version: 1,
    request: ForgotPasswordRequestSchema,
    response: z.object({}),
    description: 'Mails a single-use reset link when the account exists; answers the same either way.',
  }),
  resetPassword: defineRequest({
    name: 'user.password.reset',
    version: 1,
    request: ResetPasswordRequestSchema,
    response: z.object({ userId: z.string() }),
    description:
      'Sets a new password from a reset token and revokes every session of the user, whose id it answers ' +
      '(the gateway drops the sessions it cached).',
  }),
  identitySignIn: defineRequest({
    name: 'user.identity.sign-in',
    version: 1,
    request: z.object({
      claims: IdentityClaimsSchema,
      /** The browser's current session, revoked when the new one opens (as a password login does). */
      replacesToken: z.string().optional(),
    }),
    response: z.discriminatedUnion('outcome', [
      SessionReplySchema.extend({ outcome: z.literal('signed-in'), created: z.boolean() }),
      z.object({ outcome: z.literal('refused'), reason: z.enum(['oidc_unverified_email']) }),
    ]),
    description:
      'Signs in with an identity provider: the linked account, else the account with the same verified email ' +
      '(linked now), else a new account. Refused when the email is unverified.',
  }),
  people: defineRequest({
    name: 'user.people.get',
    version: 1,
    request: z.object({ userIds: z.array(z.string()).max(500) }),
    response: z.object({
      people: z.array(z.object({ id: z.string(), name: z.string(), email: emailAddressSchema })),
    }),
    description:
      'Internal: the names and emails of these users (for the people on a shared book); unknown ids are left out.',
  }),
  mailInvitation: defineRequest({
    name: 'user.invitation.mail',
    version: 1,
    request: z.object({
      to: emailAddressSchema,
      inviterName: z.string(),
      title: z.string(),
      roleLabel: z.string(),
      kind: z.enum(['book', 'workspace']).default('book').describe('What the invitation leads to'),
      /** The invitation page's path, /invite/{token}: the mail joins it to the public address. */
      path: z.string(),
    }),
    response: z.object({}),
    description: 'Internal: mails an invitation to a book or a team workspace through the mail outbox (or SMTP).',
  }),
  mailComment: defineRequest({
    name: 'user.comment.mail',
    version: 1,
    request: z.object({
      bookId: z.string(),
      title: z.string().describe("The book's title"),
      authorName: z.string().describe('Who wrote the comment'),
      body: z.string().describe("The comment's text (cut short in the mail)"),
      quote: z.string().describe('The passage its thread is about'),
      /** The book in the editor, at the thread: the mail joins it to the public address. */
      path: z.string(),
      recipients: z
        .array(z.object({ userId: z.string(), reason: z.enum(['mention', 'reply']) }))
        .max(500)
        .describe('Each once, never the author; mentioned wins over reply'),
    }),
    response: z.object({ mailed: z.array(z.string()).describe('The user ids a mail went to') }),
    description:
      "Internal: mails the people a comment mentions or whose thread it replies to, each unless they turned comment mail off in Settings or were mailed about this book in the last 10 minutes (comment_mails). A mail that fails is not counted and the request fails, so the event's redelivery tries it again.",
  }),
  updateMailSettings: defineRequest({
    name: 'user.mail-settings.update',
    version: 1,
    request: z.object({ userId: z.string(), settings: MailSettingsSchema }),
    response: UserProfileSchema,
    description: 'PATCH /user/{id}/mail-settings: which mails the account gets (comment mail).',
  }),
  mailBookGone: defineRequest({
    name: 'user.book-gone.mail',
    version: 1,
    request: z.object({ userIds: z.array(z.string()).min(1).max(500), title: z.string() }),
    response: z.object({}),
    description:
      "Internal: tells the people a book was shared with, by mail, that it is gone with its owner's account.",
  }),
} as const;
