import { roleLabels, workspaceRoleLabels, type BookRole, type WorkspaceRole } from '@bookwright/contracts/http';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const roleWord = (role: BookRole) => roleLabels[role].toLowerCase();

/**
 * The words of sharing a book (issue 43), and of inviting and managing people on a book or a team workspace; the
 * server's own messages are contracts' sharingMessages.
 */
export const sharingTexts = {
  // The share dialog
  share: 'Share',
  people: 'People',
  shareTitle: (title: string) => `Share “${title}”`,
  shareDescription: 'Invite people by email and choose what each one may do.',
  peopleDescription: 'Who is on this book. Only its owner can invite people or change their roles.',
  peopleHeading: 'People on this book',
  pendingHeading: 'Invitations waiting for an answer',
  leave: 'Leave this book',
  loading: 'Loading the people…',
  loadFailed: 'The people on this book could not be loaded.',
  seePlans: 'See the plans',
  close: 'Close',
  // Inviting and managing people, on a book or a team workspace alike (people/)
  inviteForm: 'Invite someone',
  email: 'Email address',
  role: 'Role',
  invite: 'Invite',
  inviting: 'Inviting…',
  inviteFailed: 'The invitation could not be sent. Please try again.',
  invitedTo: (email: string) => `Invitation sent to ${email}.`,
  you: '(you)',
  roleOf: (name: string) => `Role of ${name}`,
  /** "Grace Hopper is now a co-author", "… is now an admin": the role's label as the roles' list says it. */
  roleChanged: (name: string, roleLabel: string) =>
    `${name} is now ${article(roleLabel.toLowerCase())} ${roleLabel.toLowerCase()}`,
  remove: 'Remove',
  removeWho: (name: string) => `Remove ${name}`,
  leaving: 'Leaving…',
  changeFailed: 'The change could not be saved. Please try again.',
  copyLink: 'Copy link',
  copyLinkFor: (email: string) => `Copy link for ${email}`,
  copied: 'Link copied',
  copyFailed: 'Could not copy the link. Select it and copy it by hand.',
  linkLabel: 'Invitation link',
  revoke: 'Revoke',
  revokeFor: (email: string) => `Revoke the invitation for ${email}`,
  revoked: 'Invitation revoked',
  expires: (date: string) => `Expires ${date}`,
  // The library
  myBooks: 'My books',
  sharedWithMe: 'Shared with me',
  libraryTabs: 'Library',
  noSharedBooks: 'No books shared with you yet',
  noSharedBooksBody: 'When someone invites you to a book, it appears here.',
  sharedBy: (name: string) => `Shared by ${name}`,
  // The editor
  roleBannerFor: (role: BookRole) =>
    role === 'editor'
      ? "You're an editor on this book: you can comment, and your changes to the text are suggestions the owner and co-authors accept or reject."
      : role === 'commenter'
        ? "You're a commenter on this book: you can read it and comment, but not change it."
        : "You're a viewer on this book: you can read it but not change it.",
  // The invitation page
  inviteTitle: 'You’re invited',
  invitedBy: (inviter: string, title: string, role: BookRole) =>
    `${inviter} invited you to “${title}” as ${article(roleWord(role))} ${roleWord(role)}`,
  invitedToWorkspace: (inviter: string, name: string, role: WorkspaceRole) =>
    `${inviter} invited you to the team workspace “${name}” as ${article(workspaceRoleLabels[role])} ${workspaceRoleLabels[role].toLowerCase()}`,
  invitedEmail: (email: string) => `The invitation is for ${email}.`,
  accept: 'Accept invitation',
  accepting: 'Accepting…',
  acceptFailed: 'The invitation could not be accepted. Please try again.',
  createAccount: 'Create account',
  signIn: 'Sign in',
  signInToAccept: 'Create an account or sign in with that email to accept it.',
  signedInAs: (email: string) => `You're signed in as ${email}.`,
  loadingInvitation: 'Loading the invitation…',
  expiredTitle: 'This invitation has expired',
  usedTitle: 'This invitation was already accepted',
  notFoundTitle: 'Invitation not found',
  openLibrary: 'Go to your library',
  signUpSubtitle: 'Create an account to accept your invitation.',
  signInSubtitle: 'Sign in to accept your invitation.',
} as const;

/** The page of an invitation, and the way back to it after signing in or up (which then accepts it). */
export const invitePath = (token: string, accept = false) =>
  `/invite/${encodeURIComponent(token)}${accept ? '?accept=1' : ''}`;

/** The sign-up and login pages' `?invite=` parameter, kept when moving between them. */
export const inviteParam = 'invite';
