import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { identityOf, identityProvider, SignInFailure } from './identity-provider';

const issuer = 'https://id.example.com';

describe('identity from the ID token', () => {
  const base = { iss: issuer, sub: 'abc', aud: 'x', iat: 0, exp: 0 };

  it('takes the names from given_name and family_name, else from name, else from the email', () => {
    expect(identityOf(issuer, { ...base, email: 'g@x.org', given_name: 'Grace', family_name: 'Hopper' })).toEqual({
      issuer,
      subject: 'abc',
      email: 'g@x.org',
      emailVerified: false,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(
      identityOf(issuer, { ...base, email: 'g@x.org', email_verified: true, name: 'Mary Ann Shelley' }),
    ).toMatchObject({ firstName: 'Mary', lastName: 'Ann Shelley', emailVerified: true });
    expect(identityOf(issuer, { ...base, email: 'ada@x.org' })).toMatchObject({ firstName: 'ada', lastName: '' });
  });

  it('counts only email_verified === true as verified', () => {
    for (const value of ['true', 1, undefined, false])
      expect(identityOf(issuer, { ...base, email: 'g@x.org', email_verified: value }).emailVerified).toBe(false);
  });

  it('refuses a token without an email', () => {
    expect(() => identityOf(issuer, base)).toThrow(SignInFailure);
    expect(() => identityOf(issuer, { ...base, email: '  ' })).toThrow(
      expect.objectContaining({ code: 'oidc_no_email' }),
    );
  });
});

describe('a provider that cannot be reached', () => {
  it('fails the start of a sign-in as unavailable, and discovers it again once it is up', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise((resolve) => server.close(resolve));
    const provider = identityProvider(
      { issuer: `http://127.0.0.1:${port}`, clientId: 'c', clientSecret: 's', name: 'Down' },
      { redirectUri: 'http://localhost:8080/api/v1/auth/oidc/callback', timeoutMs: 2_000 },
    );
    await expect(provider.begin(undefined)).rejects.toMatchObject({ code: 'oidc_unavailable' });

    // Once it is up, the next sign-in discovers it: a failed discovery is not kept.
    const mock = new OAuth2Server();
    await mock.issuer.keys.generate('RS256');
    await mock.start(port, '127.0.0.1');
    mock.issuer.url = `http://127.0.0.1:${port}`;
    try {
      const { url, attempt } = await provider.begin('professional');
      expect(url.href).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`));
      expect(url.searchParams.get('state')).toBe(attempt.state);
      expect(attempt.accountType).toBe('professional');
    } finally {
      await mock.stop();
    }
  });
});
