import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginMessages } from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { newAccount } from '../support/test-system';
import { browserAvailable, describeViolations, resize, seriousA11yViolations, settled } from './support/browser';
import { signedInContext, useBrowserWorld } from './support/world';

/**
 * The settings page against the whole system: plan and usage, editing the account and its avatar,
 * changing the password, and deleting the account, after which its login fails. The author signs up and takes
 * the Starter plan over the API: doing that in the UI is book-flow.test.ts's journey.
 */
describe.skipIf(!browserAvailable())('settings in the browser', () => {
  const world = useBrowserWorld();
  let workDir: string;

  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'bookwright-settings-'));
  });
  afterAll(async () => {
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  async function login(page: Page, email: string, password: string) {
    await page.goto(`${world.system.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('shows the plan, edits the account and avatar, changes the password and deletes the account', async () => {
    const client = world.system.client();
    const account = newAccount({ password: 'quill and parchment' });
    const { email } = account;
    expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
    expect((await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' })).status).toBe(200);
    const context = await signedInContext(world, client, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${world.system.url}/app`);
    const newEmail = `moved.${email}`;

    // Billing & Plans: the Starter plan and its allowances as numbers; no invoices for a local plan.
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(`${world.system.url}/app/settings`);
    await page.getByRole('tab', { name: 'Billing & Plans' }).click();
    await expect.poll(() => page.getByTestId('current-plan').textContent()).toBe('Starter');
    await expect.poll(() => page.getByTestId('usage-value').allTextContents()).toEqual(['10', '10', '5']);

    // Account: edit the names, the email (which asks for the password) and the avatar.
    await page.getByRole('tab', { name: 'Account' }).click();
    await page.getByText(/Member since \w+ \d{4}/).waitFor();
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('First Name').fill('Augusta');
    await page.getByLabel('Email').fill(newEmail);
    const avatarFile = join(workDir, 'avatar.png');
    await writeFile(avatarFile, await testImage(400, 300, 'png'));
    await page.getByLabel('Change avatar').setInputFiles(avatarFile);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Enter your current password to change your email').waitFor();
    await page.getByLabel('Current Password').fill('quill and parchment');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Account updated successfully!').waitFor();
    await page.getByText('Augusta Lovelace').first().waitFor();
    await page.getByText(newEmail).first().waitFor();
    const avatar = page.locator('img[src^="/api/v1/user/"]').first();
    await avatar.waitFor();
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

    // Security: a new password; the fields are cleared.
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current Password').fill('quill and parchment');
    await page.getByLabel('New Password', { exact: true }).fill('a fresh bottle of ink');
    await page.getByLabel('Confirm New Password').fill('a fresh bottle of ink');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await page.getByText('Password updated successfully!').waitFor();
    expect(await page.getByLabel('New Password', { exact: true }).inputValue()).toBe('');

    // Every tab has no serious accessibility problem, wide and narrow (the tabs' layout is CSS alone: the page
    // is resized and each tab chosen, not opened again).
    const problems: string[] = [];
    for (const width of [1280, 390]) {
      await resize(page, { width, height: 844 });
      for (const tab of ['Account', 'Billing & Plans', 'Security', 'Help & Support', 'Preferences']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.getByRole('tabpanel', { name: tab }).waitFor();
        await settled(page);
        const violations = await seriousA11yViolations(page);
        if (violations.length > 0) problems.push(`${tab} at ${width}px:\n${describeViolations(violations)}`);
      }
    }
    expect(problems.join('\n\n')).toBe('');
    await resize(page, { width: 1280, height: 800 });

    // Delete Account: the email typed, then the password; the browser lands on the landing page.
    await page.goto(`${world.system.url}/app/settings`);
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Type your email to confirm').fill(newEmail);
    await dialog.getByLabel('Password').fill('a fresh bottle of ink');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL(`${world.system.url}/`);
    await page.goto(`${world.system.url}/app`);
    await page.waitForURL(`${world.system.url}/login`);

    // The account is gone: neither email signs in.
    await login(page, newEmail, 'a fresh bottle of ink');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(loginMessages.invalidCredentials);
    await login(page, email, 'quill and parchment');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(loginMessages.invalidCredentials);
    await context.close();
  }, 120_000);
});
