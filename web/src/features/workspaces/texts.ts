import { workspaceRoleLabels, type AuditEntry, type Spent, type WorkspaceRole } from '@bookwright/contracts/http';

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const roleWord = (role: string) => (workspaceRoleLabels[role as WorkspaceRole] ?? role).toLowerCase();

/**
 * The words of team workspaces (issue 43); the server's own messages are contracts' workspaceMessages, and the
 * words of inviting and managing people, the same for a book, are sharingTexts'.
 */
export const workspaceTexts = {
  // The sidebar's switcher
  switcher: 'Workspace',
  personal: 'Personal',
  create: 'Create a workspace',
  createTitle: 'Create a workspace',
  createDescription: 'A team workspace holds books that everyone in it can see and write.',
  name: 'Workspace name',
  creating: 'Creating…',
  createSubmit: 'Create workspace',
  created: (name: string) => `Workspace “${name}” created`,
  createFailed: 'The workspace could not be created. Please try again.',
  cancel: 'Cancel',
  // The library
  noBooks: 'No books in this workspace yet',
  noBooksBody: 'Describe an idea above to start its first book, or move one of your books here.',
  allowance: 'This book will be the workspace’s: its owner’s plan pays for it.',
  // Moving a book
  move: 'Move to workspace…',
  moveTitle: (title: string) => `Move “${title}”`,
  moveDescription:
    'A book in a workspace is the workspace’s: everyone in it sees it, and the workspace’s owner pays for it.',
  moveTo: 'Workspace',
  moving: 'Moving…',
  moveSubmit: 'Move book',
  moved: (title: string, workspace: string) => `“${title}” moved to ${workspace}`,
  moveFailed: 'The book could not be moved. Please try again.',
  // The Members page
  tab: 'Members',
  membersTitle: (name: string) => `Members of ${name}`,
  chooseWorkspace: 'Workspace to manage',
  seatsTitle: 'Seats',
  seatsUsed: (used: number, limit: number) => `${used} seats used of ${limit}`,
  seatsHint: 'Members and pending invitations each take a seat.',
  changeSeats: 'Change seats',
  seatCount: 'Number of seats',
  seePrice: 'See the price',
  previewing: 'Working out the price…',
  dueNow: 'Due now',
  creditNow: 'Credited now',
  monthly: 'Seats each month from now on',
  perSeat: (price: string) => `${price} per seat per month`,
  noCharge: 'Nothing is charged in this installation (local payments).',
  confirmSeats: (seats: number) => `Change to ${seats} seats`,
  seatsChanged: (seats: number) => `The workspace now has ${seats} seats`,
  seatsFailed: 'The seats could not be changed. Please try again.',
  inviteTitle: 'Invite someone',
  inviteDescription: 'They get an email with a link; an invitation takes a seat until it is answered.',
  peopleTitle: 'People',
  removed: (name: string) => `${name} was removed from the workspace`,
  leave: 'Leave this workspace',
  left: 'You left the workspace',
  joined: (date: string) => `Joined ${date}`,
  pendingTitle: 'Invitations waiting for an answer',
  auditTitle: 'Activity',
  auditDescription: 'Who did what in the workspace, newest first.',
  auditEmpty: 'Nothing has happened in this workspace yet.',
  auditFailed: 'The activity could not be loaded.',
  loading: 'Loading the workspace…',
  loadFailed: 'The workspace’s people could not be loaded.',
  readOnly: 'Only the workspace’s owner and admins can invite people or change roles.',
} as const;

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * What a member spent of the workspace's pool this month, for its admins: "2 books · 1 cover this month".
 * Undefined when nothing was spent (or the server did not say: someone who is not an admin).
 */
export function spentThisMonth(spent: Spent | undefined): string | undefined {
  if (!spent) return undefined;
  const parts = [
    spent.book > 0 ? count(spent.book, 'book') : '',
    spent.cover > 0 ? count(spent.cover, 'cover') : '',
    spent.translation > 0 ? count(spent.translation, 'translation') : '',
  ].filter(Boolean);
  return parts.length > 0 ? `${parts.join(' · ')} this month` : undefined;
}

/** "to Grace Hopper", "“The Keeper of Letters”": whom or which book an audit entry is about. */
function auditObject(entry: AuditEntry): string {
  if (entry.book) return `“${entry.book.title}”`;
  return entry.subject?.name ?? entry.subject?.email ?? '';
}

/** One audit entry as a sentence without its actor and time: "invited grace@example.com as a member". */
export function auditAction(entry: AuditEntry): string {
  const whom = auditObject(entry);
  const as = entry.role ? ` as ${article(roleWord(entry.role))} ${roleWord(entry.role)}` : '';
  switch (entry.action) {
    case 'workspace.created':
      return 'created the workspace';
    case 'member.invited':
      return `invited ${whom}${as}`;
    case 'invitation.revoked':
      return `revoked the invitation for ${whom}`;
    case 'member.joined':
      return `joined${as}`;
    case 'member.role-changed':
      return `changed the role of ${whom}${entry.previousRole ? ` from ${roleWord(entry.previousRole)}` : ''} to ${roleWord(entry.role ?? '')}`;
    case 'member.removed':
      return `removed ${whom}`;
    case 'member.left':
      return 'left the workspace';
    case 'seats.changed':
      return `changed the seats to ${entry.seats ?? '?'}`;
    case 'book.created':
      return `created ${whom}`;
    case 'book.moved-in':
      return `moved ${whom} into the workspace`;
    case 'book.moved-out':
      return `moved ${whom} out of the workspace`;
    case 'book.trashed':
      return `moved ${whom} to the trash`;
    case 'book.restored':
      return `restored ${whom}`;
    case 'book.deleted':
      return `deleted ${whom} for good`;
    case 'api-token.created':
      return `created the API token “${entry.token?.name ?? ''}”`;
    case 'api-token.used-from-new-address':
      return `used the API token “${entry.token?.name ?? ''}” from a new address${entry.address ? `, ${entry.address}` : ''}`;
    case 'api-token.revoked':
      return `revoked the API token “${entry.token?.name ?? ''}”`;
  }
}
