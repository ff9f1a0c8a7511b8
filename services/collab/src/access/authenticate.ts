import type { Connection, Extension } from '@hocuspocus/server';
import { bookIdOfDocument, collabReadOnly, type BookRole, type CollabTokenClaims } from '@bookwright/contracts/http';
import type { Logger } from '@bookwright/kit';
import type { BookAccess } from './book-access';
import { closeWith, type CloseWith } from './close-reasons';
import { verifyCollabToken } from './collab-token';
import type { LiveConnections } from './live-connections';
import type { LiveContext } from './live-context';

export interface AuthenticationDeps {
  tokenSecret: string;
  access: BookAccess;
  connections: LiveConnections;
  logger: Logger;
  now: () => number;
  /** Sends a new connection what it should know at once (the save state). */
  onConnected?(connection: Connection, documentName: string): void;
}

/**
 * Who may open a book's live document. On connect: the token must be the gateway's, unexpired, and for
 * this very document; then the book service says the person's role now (the token's may be stale), and
 * viewers and commenters get a read-only connection. When the token nears its end the server asks the
 * browser for a fresh one (Hocuspocus's token sync), checks it and the access again, and keeps the
 * connection open; a role that changed meanwhile closes it (`role-changed`: reconnect with the new role).
 */
export function authentication(deps: AuthenticationDeps): Extension {
  return {
    extensionName: 'bookwright-authentication',

    async onAuthenticate({ token, documentName, connectionConfig }) {
      const checkedAt = deps.now();
      const claims = claimsFor(deps, token, documentName);
      const role = await currentRole(deps, claims);
      connectionConfig.readOnly = collabReadOnly(role);
      const context: LiveContext = {
        userId: claims.userId,
        bookId: claims.bookId,
        role,
        expiresAt: claims.exp,
        checkedAt,
      };
      deps.logger.info({ userId: claims.userId, bookId: claims.bookId, role }, 'collab: connected');
      return context;
    },

    async connected({ connection, context, documentName }) {
      deps.connections.add(connection, context as LiveContext);
      deps.onConnected?.(connection, documentName);
    },

    async onTokenSync({ token, connection, documentName }) {
      const known = deps.connections.contextOf(connection);
      if (!known) return;
      const checkedAt = deps.now();
      const claims = claimsFor(deps, token, documentName);
      if (claims.userId !== known.userId) throw closeWith('access-removed');
      const role = await currentRole(deps, claims);
      if (role !== known.role) throw closeWith('role-changed');
      const context: LiveContext = { ...known, expiresAt: claims.exp, checkedAt };
      deps.connections.extend(connection, context);
      return { expiresAt: claims.exp, checkedAt };
    },
  };
}

function claimsFor(deps: AuthenticationDeps, token: string, documentName: string): CollabTokenClaims {
  const claims = verifyCollabToken(deps.tokenSecret, token, deps.now());
  if (!claims) throw refusal(deps, 'token-expired', { documentName });
  if (bookIdOfDocument(documentName) !== claims.bookId)
    throw refusal(deps, 'access-removed', { documentName, userId: claims.userId });
  return claims;
}

/** The person's role on the book now, from the book service: a removal since the token was signed counts. */
async function currentRole(deps: AuthenticationDeps, claims: CollabTokenClaims): Promise<BookRole> {
  let role: BookRole | undefined;
  try {
    role = await deps.access.roleOn(claims.userId, claims.bookId);
  } catch (error) {
    deps.logger.warn({ err: error, bookId: claims.bookId }, 'collab: access could not be checked');
    throw closeWith('unavailable');
  }
  if (!role) throw refusal(deps, 'access-removed', { userId: claims.userId, bookId: claims.bookId });
  return role;
}

function refusal(deps: AuthenticationDeps, reason: CloseWith['reason'], details: object): CloseWith {
  deps.logger.info({ ...details, reason }, 'collab: connection refused');
  return closeWith(reason);
}
