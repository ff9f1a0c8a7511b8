import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { identityProviderErrors } from '@bookwright/contracts/http';
import { newAccount } from '../support/test-system';
import { mockProviderName, startMockIdentityProvider, type MockIdentityProvider } from '../support/identity-provider';
import { browserAvailable, describeViolations, seriousA11yViolations } from './support/browser';
import { useBrowserWorld } from './support/world';

/** The provider sends the browser back to PUBLIC_URL, so the system's port must be known before it starts. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** 'Continue with …' on /login, through a local OpenID provider, into the app; and a failure shown plainly. */
describe.skipIf(!browserAvailable())('sign-in with an identity provider in the browser', () => {
  let provider: MockIdentityProvider;
  const shots = process.env.SCREENSHOT_DIR;

  beforeAll(async () => {
    provider = await startMockIdentityProvider();
  });
  afterAll(async () => {
    await provider?.stop();
  });
  const world = useBrowserWorld(async () => {
    const port = await freePort();
    return { ...provider.env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}` };
  });

  async function newPage(): Promise<Page> {
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 } });
    return context.newPage();
  }

  it("signs in to an existing account with 'Continue with …' and lands in the app", async () => {
    // An author with a password account and a plan; the provider vouches for the same, verified email.
    const account = newAccount();
    const client = world.system.client();
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    provider.signInAs({
      sub: `sub-${randomBytes(4).toString('hex')}`,
      email: account.email,
      email_verified: true,
      given_name: account.firstName,
      family_name: account.lastName,
    });

    const page = await newPage();
    await page.goto(`${world.system.url}/login`);
    const button = page.getByRole('link', { name: `Continue with ${mockProviderName}` });
    await button.waitFor();
    expect(describeViolations(await seriousA11yViolations(page))).toBe('');
    if (shots) await page.screenshot({ path: `${shots}/login-with-provider.png` });
    await button.click();
    await page.waitForURL(`${world.system.url}/app`);
    await page.getByTestId('current-user').getByText(account.email, { exact: true }).waitFor();
    await page.context().close();
  });

  it('ends a cancelled sign-in on the login page with a readable reason', async () => {
    provider.denyNext();
    const page = await newPage();
    await page.goto(`${world.system.url}/login`);
    await page.getByRole('link', { name: `Continue with ${mockProviderName}` }).click();
    await page.waitForURL(`${world.system.url}/login?error=oidc_denied`);
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(identityProviderErrors.oidc_denied);
    if (shots) await page.screenshot({ path: `${shots}/login-provider-error.png` });
    await page.context().close();
  });
});
