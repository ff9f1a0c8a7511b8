import type { ApiTokenScope, WebhookEventType } from '@bookwright/contracts/http';
import { webhookTestEventType } from '@bookwright/contracts/http';

/** What each scope lets a token do, one line each (decision 0045's route table, in the author's words). */
export const scopeDescriptions: Record<ApiTokenScope, string> = {
  'books:read': 'Read books, their chapters, status and metadata',
  'books:write': 'Create and change books, run AI work, covers and live editing',
  'exports:write': 'Export books as EPUB or PDF and download the files',
  'comments:write': 'Write comment threads and replies',
  'webhooks:write': 'Manage webhook endpoints and their deliveries',
};

/** What each offered event means, one line each; a Record so that a new event needs its words here. */
export const eventDescriptions: Record<WebhookEventType, string> = {
  'book.created': 'A book was created',
  'book.planned': 'A book’s plan is ready for review',
  'book.ready': 'A book finished writing and can be edited',
  'book.failed': 'Writing a book failed',
  'book.exported': 'A book was exported as a file (EPUB, PDF or Word)',
  'book.trashed': 'A book was moved to the trash',
  'book.deleted': 'A book was deleted for good',
  'translation.ready': 'A translation is finished and can be edited',
  'comment.created': 'Someone commented on a book',
  'book.member.added': 'Someone was given access to a book',
  'book.member.removed': 'Someone’s access to a book was removed',
  'book.member.role-changed': 'Someone’s role on a book changed',
};

/** The choices of a token's life, in days; null is "never expires". */
export const expiryChoices = [null, 7, 30, 90, 365] as const;
export type ExpiryChoice = (typeof expiryChoices)[number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * The words of Settings › API (issue 45). The server's own refusals are contracts' apiTokenMessages and
 * webhookMessages, shown as the server sends them.
 */
export const apiAccessTexts = {
  tab: 'API',
  // The plan
  planTitle: 'API access is part of Enterprise',
  planBody:
    'With Enterprise, your programs can create, watch and export books with API tokens, and other services can hear about your books through webhooks.',
  seePlans: 'See the plans',
  // Owner (personal or a workspace the person administers)
  owner: 'Owner',
  ownerYou: 'You',
  ownerHint: 'A workspace’s token or webhook belongs to the workspace: its admins manage it.',
  workspaceOwned: (name: string) => `Workspace: ${name}`,
  unknownWorkspace: 'a workspace',
  madeBy: (name: string) => `made by ${name}`,
  // Tokens
  tokensTitle: 'API tokens',
  tokensDescription:
    'A token lets a program act as you on /api/v1 with Authorization: Bearer. Its scopes narrow what you may do; they never widen it.',
  newToken: 'Create token',
  createTokenTitle: 'Create an API token',
  tokenName: 'Name',
  tokenNameHint: 'What it is for, so you recognise it later: “Publishing pipeline”.',
  scopes: 'Scopes',
  expiry: 'Expires',
  expiryLabel: (days: ExpiryChoice) => (days === null ? 'Never' : `In ${plural(days, 'day')}`),
  neverExpiresHint: 'A token that never expires works until you revoke it.',
  creating: 'Creating…',
  create: 'Create token',
  cancel: 'Cancel',
  createFailed: 'The token could not be created. Please try again.',
  tokensLoading: 'Loading your tokens…',
  tokensFailed: 'Your tokens could not be loaded.',
  noTokens: 'No API tokens yet.',
  masked: (prefix: string, lastFour: string) => `${prefix}…${lastFour}`,
  created: (date: string) => `Created ${date}`,
  expires: (date: string) => `Expires ${date}`,
  expired: (date: string) => `Expired ${date}`,
  neverExpires: 'Never expires',
  lastUsed: (when: string, from: string | null) => (from ? `Last used ${when} from ${from}` : `Last used ${when}`),
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeFor: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke this token?',
  revokeBody: (name: string) =>
    `Programs using “${name}” will be refused from their next request. This cannot be undone.`,
  revoking: 'Revoking…',
  revoked: 'API token revoked',
  revokeFailed: 'The token could not be revoked. Please try again.',
  // The secret, shown once
  tokenSecretTitle: 'Copy your new token',
  tokenSecretLabel: 'API token',
  webhookSecretTitle: 'Copy the signing secret',
  rotatedSecretTitle: 'Copy the new signing secret',
  secretLabel: 'Signing secret',
  onceWarning: 'You will not see it again. Store it somewhere safe now; if you lose it, make a new one.',
  webhookSecretHint: 'Your receiver verifies each delivery’s webhook-signature with it (Standard Webhooks).',
  rotatedHint:
    'The old secret keeps signing beside the new one for 24 hours, so your receiver can switch over without losing a delivery.',
  copy: 'Copy',
  copied: 'Copied',
  copiedStatus: 'Copied to the clipboard',
  copyByHand: 'The clipboard is not available: select the text in the field and copy it.',
  done: 'I have stored it',
  // Webhooks
  webhooksTitle: 'Webhooks',
  webhooksDescription:
    'An endpoint receives the events you choose for the books you may read, signed with its secret as Standard Webhooks.',
  addWebhook: 'Add endpoint',
  addWebhookTitle: 'Add a webhook endpoint',
  editWebhookTitle: 'Edit the endpoint',
  url: 'Endpoint URL',
  urlHint: 'An https address reachable from the internet.',
  events: 'Events',
  description: 'Description (optional)',
  enabledField: 'Send deliveries to this endpoint',
  adding: 'Adding…',
  add: 'Add endpoint',
  saving: 'Saving…',
  save: 'Save changes',
  saved: 'Endpoint saved',
  addFailed: 'The endpoint could not be added. Please try again.',
  saveFailed: 'The endpoint could not be saved. Please try again.',
  webhooksLoading: 'Loading your endpoints…',
  webhooksFailed: 'Your webhook endpoints could not be loaded.',
  noWebhooks: 'No webhook endpoints yet.',
  enabled: 'Enabled',
  paused: 'Paused',
  disabledGone: 'Disabled: the endpoint answered 410 Gone',
  disabledFailing: 'Disabled: deliveries failed for 3 days',
  enable: 'Enable',
  enableFor: (url: string) => `Enable ${url}`,
  enabledAgain: 'Endpoint enabled',
  edit: 'Edit',
  editFor: (url: string) => `Edit ${url}`,
  sendTest: 'Send test',
  sendTestFor: (url: string) => `Send a test to ${url}`,
  testSent: 'Test event sent',
  testFailed: 'The test could not be sent. Please try again.',
  rotate: 'Rotate secret',
  rotateFor: (url: string) => `Rotate the secret of ${url}`,
  rotateTitle: 'Rotate the signing secret?',
  rotateBody: 'A new secret is made and shown once. The old one keeps signing beside it for 24 hours, then stops.',
  rotating: 'Rotating…',
  rotateFailed: 'The secret could not be rotated. Please try again.',
  remove: 'Delete',
  removeFor: (url: string) => `Delete ${url}`,
  removeTitle: 'Delete this endpoint?',
  removeBody: (url: string) => `${url} will receive no more events, and its deliveries are deleted with it.`,
  removing: 'Deleting…',
  removed: 'Webhook deleted',
  removeFailed: 'The endpoint could not be deleted. Please try again.',
  // Deliveries
  showDeliveries: 'Deliveries',
  deliveriesOf: (url: string) => `Deliveries to ${url}`,
  deliveriesLoading: 'Loading deliveries…',
  deliveriesFailed: 'The deliveries could not be loaded.',
  noDeliveries: 'No deliveries yet. Send a test to see one.',
  testEvent: webhookTestEventType,
  deliveryStatus: { pending: 'Pending', succeeded: 'Delivered', failed: 'Failed' } as Record<
    'pending' | 'succeeded' | 'failed',
    string
  >,
  nextAttempt: (when: string) => `Next attempt ${when}`,
  attempts: (n: number) => plural(n, 'attempt'),
  noAnswer: 'No answer',
  statusCode: (code: number) => `HTTP ${code}`,
  duration: (ms: number) => `${ms} ms`,
  redeliver: 'Redeliver',
  redeliverFor: (event: string, when: string) => `Redeliver ${event} of ${when}`,
  redelivered: 'Sent again',
  redeliverFailed: 'The delivery could not be sent again. Please try again.',
  attemptTime: 'Time',
  attemptStatus: 'Status',
  attemptDuration: 'Duration',
  attemptError: 'Error',
} as const;

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'medium' });
/** A moment to the second, as deliveries and last uses are read: "29 Nov 2026, 08:04:03". */
export const whenText = (iso: string) => dateTime.format(new Date(iso));
