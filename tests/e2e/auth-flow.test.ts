import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginMessages } from '@bookwright/contracts/http';
import { browserAvailable, describeViolations, seriousA11yViolations } from './support/browser';
import { useBrowserWorld } from './support/world';

/**
 * The main account flow in a real browser against the whole system in one process: sign up, choose plan,
 * the app, sign out, a failed and a good login, password recovery through the mail outbox, and a login
 * with the new password.
 */
describe.skipIf(!browserAvailable())('accounts in the browser', () => {
  const world = useBrowserWorld();

  async function newPage(): Promise<Page> {
    const context = await world.browser.newContext({ viewport: { width: 1280, height: 800 } });
    return context.newPage();
  }

  async function login(page: Page, email: string, password: string) {
    await page.goto(`${world.system.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  /** Sign Out is in the sidebar's account menu, for an account with a plan or without. */
  async function signOut(page: Page) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  }

  it('signs up, signs out and in, and recovers a forgotten password', async () => {
    const page = await newPage();
    const email = `ada.${randomBytes(4).toString('hex')}@example.com`;
    const password = 'quill and parchment';
    const newPassword = 'a brand new inkwell';

    // Sign up: success goes to /choose-plan.
    await page.goto(`${world.system.url}/signup`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${world.system.url}/choose-plan`);
    await expect.poll(() => page.getByRole('button', { name: /Get Started/ }).count()).toBe(2);

    // The app: an account without a plan sees its (empty) library, the way to the plans, and who is signed in.
    await page.getByRole('link', { name: /Go to the app/ }).click();
    await page.waitForURL(`${world.system.url}/app`);
    await page.getByTestId('current-user').getByText(email, { exact: true }).waitFor();
    await page.getByTestId('current-user').getByText('Ada Lovelace', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Choose a plan to edit and write books' }).waitFor();

    // Sign out: logout, then /login; the app is closed again.
    await signOut(page);
    await page.waitForURL(`${world.system.url}/login`);
    await page.goto(`${world.system.url}/app`);
    await page.waitForURL(`${world.system.url}/login`);

    // A wrong password: the server's msg in the red box.
    await login(page, email, 'not my password');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(loginMessages.invalidCredentials);

    // The right one: /app shows the user.
    await login(page, email, password);
    await page.waitForURL(`${world.system.url}/app`);
    await page.getByTestId('current-user').getByText(email, { exact: true }).waitFor();
    await signOut(page);
    await page.waitForURL(`${world.system.url}/login`);

    // Forgot password: the link arrives in the outbox.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(`${world.system.url}/forgot-password`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Recovery Link' }).click();
    await page.getByText("Check your inbox! We've sent you a link to reset your password.").waitFor();
    expect(await page.getByRole('button', { name: 'Link Sent!' }).isDisabled()).toBe(true);

    const mail = await world.system.lastMailTo(email);
    expect(mail).toMatchObject({ to: email, subject: expect.any(String), html: expect.any(String) });
    const link = /(https?:\/\/\S+?)\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link, `no reset link in: ${mail.text}`).not.toBeNull();
    const token = link![2]!;

    // Reset: success text, then /login after 2 seconds.
    await page.goto(`${world.system.url}/reset-password/${token}`);
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully! Redirecting you to login...').waitFor();
    const shownAt = Date.now();
    await page.waitForURL(`${world.system.url}/login`, { timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);

    // The old password no longer works; the new one does.
    await login(page, email, password);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(loginMessages.invalidCredentials);
    await login(page, email, newPassword);
    await page.waitForURL(`${world.system.url}/app`);
    await page.getByTestId('current-user').getByText(email, { exact: true }).waitFor();
    await page.context().close();
  });

  it('has no serious or critical accessibility violations on the public pages and the error screen', async () => {
    const page = await newPage();
    const pages = [
      { path: '/login', ready: 'Welcome back' },
      { path: '/signup', ready: 'Create your account' },
      { path: '/forgot-password', ready: 'Forgot your password?' },
      { path: '/reset-password/some-token', ready: 'Choose a new password' },
      { path: '/no/such/page', ready: 'Page not found' },
      { path: '/choose-plan', ready: 'Choose your plan' },
      { path: '/', ready: 'Write the book you have always meant to write.' },
    ];
    const problems: string[] = [];
    for (const { path, ready } of pages) {
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto(`${world.system.url}${path}`);
        await page.getByRole('heading', { level: 1, name: ready }).waitFor();
        const violations = await seriousA11yViolations(page);
        if (violations.length > 0) problems.push(`${path} at ${viewport.width}px:\n${describeViolations(violations)}`);
      }
    }
    expect(problems.join('\n\n')).toBe('');
    await page.context().close();
  });
});
