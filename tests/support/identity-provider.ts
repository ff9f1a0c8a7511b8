import { OAuth2Server } from 'oauth2-mock-server';

/** Who the mock provider says is signing in: the claims its next ID tokens carry. */
export interface MockIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

export interface MockIdentityProvider {
  issuer: string;
  /** The environment that points the system at this provider. */
  env: Record<string, string>;
  signInAs(identity: MockIdentity): void;
  /** The next authorization answers error=access_denied, as when the user clicks 'Cancel' there. */
  denyNext(): void;
  stop(): Promise<void>;
}

export const mockProviderName = 'Acme ID';

/**
 * A local OpenID provider (oauth2-mock-server) on the loopback interface. It checks PKCE and redeems each
 * code once; the tests choose the identity it vouches for.
 */
export async function startMockIdentityProvider(): Promise<MockIdentityProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  // An IP rather than `localhost`, which may resolve to ::1 where nothing listens.
  const issuer = `http://127.0.0.1:${server.address().port}`;
  server.issuer.url = issuer;
  let identity: MockIdentity = { sub: 'nobody' };
  let deny = false;
  // Fires for the access token and the ID token alike; both carry the identity.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    Object.assign(token.payload, identity);
  });
  server.service.on('beforeAuthorizeRedirect', ({ url }: { url: URL }) => {
    if (!deny) return;
    deny = false;
    url.searchParams.delete('code');
    url.searchParams.set('error', 'access_denied');
  });
  return {
    issuer,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: 'bookwright-test',
      OIDC_CLIENT_SECRET: 'test-client-secret-0123456789',
      OIDC_NAME: mockProviderName,
    },
    signInAs(next) {
      identity = next;
    },
    denyNext() {
      deny = true;
    },
    stop: async () => {
      if (server.listening) await server.stop();
    },
  };
}
