import type { ApiTokenScope } from '@bookwright/contracts/http';

/**
 * What an API token may do on each route of the API (issue 45, decision 0045), by method and route path
 * (without the /api/v1 prefix): the scope it needs, `public` for routes that need no sign-in at all (a
 * token there is not even looked at), or `session` for routes only a signed-in browser may use. A route
 * missing from this table is `session`: a new route is refused to tokens until someone decides its scope.
 *
 * A scope only narrows: the book service still checks the person's role on every book, so a books:write
 * token of a viewer edits nothing.
 */
export type TokenPolicy = ApiTokenScope | 'public' | 'session';

const read: ApiTokenScope = 'books:read';
const write: ApiTokenScope = 'books:write';

export const tokenPolicies: Readonly<Record<string, TokenPolicy>> = {
  // Public: no account needed.
  'GET /health': 'public',
  'GET /health/live': 'public',
  'GET /auth/providers': 'public',
  'GET /payment/plans': 'public',
  'POST /contact-sales': 'public',
  'POST /payment/webhook': 'public',

  // The session itself, the account, money, and who may enter: a signed-in browser only.
  'POST /auth/login': 'session',
  'POST /auth/logout': 'session',
  'GET /auth/logout': 'session',
  'POST /auth/sign-up': 'session',
  'GET /auth/oidc/login': 'session',
  'GET /auth/oidc/callback': 'session',
  'PATCH /user/password': 'session',
  'POST /user/forgot-password': 'session',
  'POST /user/reset-password': 'session',
  'DELETE /user/:id': 'session',
  'PATCH /user/:id': 'session',
  'PATCH /user/:id/mail-settings': 'session',
  'GET /user/export': 'session',
  'POST /tokens': 'session',
  'GET /tokens': 'session',
  'DELETE /tokens/:id': 'session',

  // Reading.
  'GET /user/current-user': read,
  'GET /user/:id/avatar/:avatarId': read,
  'GET /book': read,
  'GET /book/trash': read,
  'GET /book/search': read,
  'GET /book/:bookId': read,
  'GET /book/:bookId/comments': read,
  'GET /book/:bookId/cover-image/:coverId/:variant': read,
  'GET /book/:bookId/images/:imageId': read,
  'GET /book/:bookId/members': read,
  'GET /book/:bookId/revisions': read,
  'GET /book/:bookId/revisions/:revisionId': read,
  'GET /events': read,
  'GET /workspaces': read,
  'GET /workspaces/:workspaceId/members': read,
  'GET /workspaces/:workspaceId/audit': read,

  // Writing books.
  'POST /agent/plan': write,
  'POST /book/import': write,
  'POST /book/:bookId/import': write,
  'POST /book/:bookId/images': write,
  'PATCH /agent/write/:bookId': write,
  'PATCH /book/:bookId': write,
  'PATCH /book/content/:bookId': write,
  'PATCH /book/metadata/:bookId': write,
  'DELETE /book/:bookId': write,
  'DELETE /book/:bookId/permanent': write,
  'POST /book/:bookId/collab-token': write,
  'POST /book/:bookId/move': write,
  'POST /book/:bookId/restore': write,
  'POST /book/:bookId/retry': write,
  'POST /book/:bookId/revisions': write,
  'POST /book/:bookId/revisions/:revisionId/restore': write,
  'POST /book/:bookId/metadata/suggest': write,
  'POST /book/:bookId/translation-title': write,
  'POST /book/:bookId/translate': write,
  'POST /book/:bookId/rewrite': write,
  'POST /book/cover/:bookId': write,
  'POST /book/upload-cover/:bookId': write,

  // Exports.
  'POST /book/export/:bookId': 'exports:write',
  'POST /book/:bookId/validate-export': 'exports:write',

  // Comments.
  'POST /book/:bookId/comments': 'comments:write',
  'POST /book/:bookId/comments/:commentId/replies': 'comments:write',
  'PATCH /book/:bookId/comments/:commentId': 'comments:write',
  'DELETE /book/:bookId/comments/:commentId': 'comments:write',

  // Webhooks: every route webhooks:write, reading the endpoints and their deliveries too (a delivery
  // carries the events' data and the endpoint carries where they go).
  'POST /webhooks': 'webhooks:write',
  'GET /webhooks': 'webhooks:write',
  'PATCH /webhooks/:id': 'webhooks:write',
  'DELETE /webhooks/:id': 'webhooks:write',
  'POST /webhooks/:id/rotate-secret': 'webhooks:write',
  'POST /webhooks/:id/test': 'webhooks:write',
  'GET /webhooks/:id/deliveries': 'webhooks:write',
  'POST /webhooks/:id/deliveries/:deliveryId/redeliver': 'webhooks:write',
};

/** The policy of a route; HEAD is read as its GET. Unknown routes are `session` (see above). */
export function tokenPolicy(method: string, routePath: string): TokenPolicy {
  const verb = method === 'HEAD' ? 'GET' : method;
  return tokenPolicies[`${verb} ${routePath}`] ?? 'session';
}
