import type { ApiToken, CreatedApiToken, Webhook, WebhookDelivery } from '@bookwright/contracts/http';

/** The fixtures of the API tab's tests: a token never used, one used, an endpoint and its deliveries. */
export const pipelineToken: ApiToken = {
  id: 't1',
  name: 'Publishing pipeline',
  prefix: 'bw_pat_',
  lastFour: 'Q7xz',
  scopes: ['books:read', 'exports:write'],
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2099-02-18T10:00:00.000Z',
  lastUsedAt: '2026-11-28T09:15:02.000Z',
  lastUsedFrom: '203.0.113.7',
  workspaceId: null,
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
};

export const createdToken: CreatedApiToken = {
  id: 't2',
  name: 'Nightly export',
  prefix: 'bw_pat_',
  lastFour: 'a9Zk',
  scopes: ['books:read'],
  createdAt: '2026-11-29T07:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedFrom: null,
  workspaceId: null,
  createdBy: { id: 'u1', name: 'Ada Lovelace' },
  token: 'bw_pat_4mZk1v0Qx8Lr2Tn6Wc3Yh9Bd5Fs7Gj0Kp1a9Zk',
};

export const endpoint: Webhook = {
  id: 'h1',
  url: 'https://hooks.example.com/bookwright',
  events: ['book.ready', 'book.failed'],
  description: 'Tell the shop',
  workspaceId: null,
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
};

export const failedDelivery: WebhookDelivery = {
  id: 'msg_1',
  eventType: 'book.ready',
  status: 'failed',
  createdAt: '2026-11-28T10:00:00.000Z',
  nextAttemptAt: null,
  attempts: [
    {
      attemptedAt: '2026-11-28T10:00:01.000Z',
      statusCode: 500,
      durationMs: 42,
      error: 'The endpoint answered 500',
      responseBody: 'oops',
    },
    {
      attemptedAt: '2026-11-28T10:00:46.000Z',
      statusCode: null,
      durationMs: 10000,
      error: 'Timed out',
      responseBody: null,
    },
  ],
};
