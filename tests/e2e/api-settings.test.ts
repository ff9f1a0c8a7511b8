import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Webhook as Verifier } from 'standardwebhooks';
import { apiTokenMessages } from '@bookwright/contracts/http';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../scripts/admin/admin';
import { newAccount } from '../support/test-system';
import { a11yViolations, browserAvailable, describeViolations, resize, switchColorScheme } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Settings › API (issue 45) in a real browser against the whole system: an Enterprise author creates a token
 * and sees its secret once, a program uses it (a bearer fetch from this test), the list shows that last use,
 * and the author revokes it; then adds a webhook to a receiver on this machine (hence
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=1), sends a test that verifies with the secret shown, sees the delivery,
 * redelivers it, and rotates the secret. Each new screen is checked with axe in both colour schemes at 390 and
 * 1280 px, and photographed there when SHOTS_DIR is set.
 */
describe.skipIf(!browserAvailable())('settings › API in the browser', () => {
  const world = useBrowserWorld(() => ({ WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', WEBHOOK_RETRY_BASE_MS: '50' }));
  const shots = useShotsDir();
  const received: Received[] = [];
  let receiver: Server;
  let receiverUrl: string;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  });
  afterAll(async () => {
    receiver?.closeAllConnections();
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  });

  const problems: string[] = [];
  /** Axe (every impact) in both schemes at both widths, and a screenshot of each when SHOTS_DIR is set. */
  async function checkScreen(page: Page, name: string, { fullPage = true } = {}) {
    for (const colorScheme of ['light', 'dark'] as const)
      for (const width of [390, 1280]) {
        await switchColorScheme(page, colorScheme);
        await resize(page, { width, height: width < 640 ? 844 : 800 });
        const violations = await a11yViolations(page);
        if (violations.length > 0)
          problems.push(`${name}, ${colorScheme}, ${width}px:\n${describeViolations(violations)}`);
        if (shots) await page.screenshot({ path: `${shots}/api-${name}-${colorScheme}-${width}.png`, fullPage });
      }
    await switchColorScheme(page, 'light');
    await resize(page, { width: 1280, height: 800 });
  }

  it(
    'creates, uses and revokes a token; adds a webhook, tests, redelivers and rotates it',
    { timeout: 300_000 },
    async () => {
      const url = (path: string) => `${world.system.url}${path}`;
      const client = world.system.client();
      const account = newAccount();
      expect((await client.post('/api/v1/auth/sign-up', account)).status).toBeLessThan(300);
      const done = await runAdmin(
        ['set-plan', account.email, 'enterprise'],
        {
          DATA_DIR: world.system.dataDir,
          DATABASE_SCHEMA_PREFIX: world.system.schemaPrefix,
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
        },
        silentLogger(),
      );
      expect(done.exitCode, done.output).toBe(0);
      const context = await signedInContext(world, client, { viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.system.url });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const bearer = (token: string) => fetch(url('/api/v1/book'), { headers: { Authorization: `Bearer ${token}` } });

      // (1) The API tab, empty.
      await page.goto(url('/app/settings?tab=api'));
      await page.getByText('No API tokens yet.').waitFor();
      await page.getByText('No webhook endpoints yet.').waitFor();
      await checkScreen(page, 'empty');

      // (2) A token: named, read-only, 30 days; its secret shown once and copied.
      await page.getByRole('button', { name: 'Create token' }).click();
      let dialog = page.getByRole('dialog', { name: 'Create an API token' });
      await dialog.getByLabel('Name').fill('E2E pipeline');
      await dialog.getByLabel('Expires').selectOption({ label: 'In 30 days' });
      await checkScreen(page, 'create-token', { fullPage: false });
      await dialog.getByRole('button', { name: 'Create token' }).click();
      dialog = page.getByRole('dialog', { name: 'Copy your new token' });
      await dialog.getByText('You will not see it again').waitFor();
      const token = await dialog.getByLabel('API token').inputValue();
      expect(token).toMatch(/^bw_pat_[0-9A-Za-z]{36}$/);
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await dialog.getByRole('button', { name: 'Copied' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
      await checkScreen(page, 'token-secret', { fullPage: false });
      await dialog.getByRole('button', { name: 'I have stored it' }).click();
      const row = page.getByTestId('api-token').filter({ hasText: 'E2E pipeline' });
      await row.getByText(`bw_pat_…${token.slice(-4)}`).waitFor();
      expect(await row.getByTestId('token-last-used').textContent()).toBe('Never used');
      expect(await page.content()).not.toContain(token);

      // (3) A program uses it; the list shows when and from where.
      expect((await bearer(token)).status).toBe(200);
      await page.reload();
      await row
        .getByTestId('token-last-used')
        .filter({ hasText: /^Last used .+ from .+$/ })
        .waitFor();

      // (4) Revoked after a confirmation: the token is refused from then on.
      await page.getByRole('button', { name: 'Revoke E2E pipeline' }).click();
      await page.getByRole('dialog', { name: 'Revoke this token?' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByText('No API tokens yet.').waitFor();
      const refused = await bearer(token);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { msg: string }).msg).toBe(apiTokenMessages.invalid);

      // (5) A webhook to the local receiver; its signing secret shown once.
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('Endpoint URL').fill(receiverUrl);
      await dialog.getByLabel('Description (optional)').fill('The local receiver');
      await checkScreen(page, 'add-webhook', { fullPage: false });
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      dialog = page.getByRole('dialog', { name: 'Copy the signing secret' });
      const secret = await dialog.getByLabel('Signing secret').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await dialog.getByRole('button', { name: 'I have stored it' }).click();
      const webhook = page.getByTestId('webhook').filter({ hasText: receiverUrl });
      expect(await webhook.getByTestId('webhook-state').textContent()).toBe('Enabled');

      // (6) A test: signed with that secret, listed as delivered with its attempt; then redelivered, same id.
      await webhook.getByRole('button', { name: `Send a test to ${receiverUrl}` }).click();
      const delivery = webhook.getByTestId('webhook-delivery').first();
      // The list is read again every two seconds while the delivery is pending: Playwright's own wait (30 s).
      await delivery.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
      expect(await delivery.getByTestId('webhook-attempt').textContent()).toMatch(/^HTTP 204 · /);
      expect(received).toHaveLength(1);
      const first = received[0]!;
      const payload = new Verifier(secret).verify(first.body, first.headers as Record<string, string>) as {
        type: string;
      };
      expect(payload.type).toBe('webhook.test');
      await delivery.getByRole('button', { name: /^Redeliver webhook\.test of / }).click();
      await delivery.getByTestId('webhook-attempt').nth(1).waitFor();
      await delivery.getByTestId('delivery-status').filter({ hasText: 'Delivered' }).waitFor();
      expect(received).toHaveLength(2);
      expect(received[1]!.headers['webhook-id']).toBe(first.headers['webhook-id']);
      await checkScreen(page, 'listed');

      // (7) The secret rotated: a new one, shown once, and the old one said to sign 24 hours more.
      await webhook.getByRole('button', { name: `Rotate the secret of ${receiverUrl}` }).click();
      await page
        .getByRole('dialog', { name: 'Rotate the signing secret?' })
        .getByRole('button', { name: 'Rotate secret' })
        .click();
      dialog = page.getByRole('dialog', { name: 'Copy the new signing secret' });
      await dialog.getByText(/keeps signing beside the new one for 24 hours/).waitFor();
      const rotated = await dialog.getByLabel('Signing secret').inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(secret);
      if (shots) await page.screenshot({ path: `${shots}/api-rotated-light-1280.png` });
      await dialog.getByRole('button', { name: 'I have stored it' }).click();

      expect(problems.join('\n\n')).toBe('');
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
