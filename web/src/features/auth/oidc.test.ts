import { describe, expect, it } from 'vitest';
import { oidcLoginUrl } from './oidc';

describe('oidcLoginUrl', () => {
  it('carries the chosen plan and the invitation being accepted, and nothing when there is neither', () => {
    expect(oidcLoginUrl()).toBe('/api/v1/auth/oidc/login');
    expect(oidcLoginUrl('starter')).toBe('/api/v1/auth/oidc/login?accountType=starter');
    expect(oidcLoginUrl(null, 'tok_1')).toBe('/api/v1/auth/oidc/login?invite=tok_1');
    expect(oidcLoginUrl('professional', 'tok_1')).toBe('/api/v1/auth/oidc/login?accountType=professional&invite=tok_1');
  });
});
