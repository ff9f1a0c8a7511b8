import { describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '@bookwright/kit';
import { GatewayConfigSchema, oidcSettings } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    parseConfig(GatewayConfigSchema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

const oidc = {
  OIDC_ISSUER: 'https://id.example.com/realms/books',
  OIDC_CLIENT_ID: 'bookwright',
  OIDC_CLIENT_SECRET: 's3cret',
  OIDC_NAME: 'Example ID',
};

describe('identity-provider configuration', () => {
  it('is off without any of the variables', () => {
    expect(oidcSettings(parseConfig(GatewayConfigSchema, {}))).toBeUndefined();
  });

  it('is on with all four', () => {
    expect(oidcSettings(parseConfig(GatewayConfigSchema, oidc))).toEqual({
      issuer: oidc.OIDC_ISSUER,
      clientId: 'bookwright',
      clientSecret: 's3cret',
      name: 'Example ID',
    });
  });

  it('names every missing variable when only some are set', () => {
    const problems = problemsOf({ OIDC_ISSUER: oidc.OIDC_ISSUER, OIDC_NAME: 'Example ID' });
    expect(problems).toEqual([
      expect.stringMatching(/^OIDC_CLIENT_ID is missing: set all of OIDC_ISSUER, .* or none of them$/),
      expect.stringMatching(/^OIDC_CLIENT_SECRET is missing: set all of/),
    ]);
  });

  it('wants https, accepting http only on a loopback address', () => {
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:8180/realms/dev', 'http://[::1]:9000'])
      expect(problemsOf({ ...oidc, OIDC_ISSUER: issuer })).toEqual([]);
    for (const issuer of ['http://id.example.com', 'http://10.0.0.5:8080', 'http://localhost.example.com', 'ftp://x.y'])
      expect(problemsOf({ ...oidc, OIDC_ISSUER: issuer })).toEqual([
        expect.stringMatching(/^OIDC_ISSUER has a bad value: must be an https:\/\/ URL/),
      ]);
  });
});
