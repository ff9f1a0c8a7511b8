import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { browserAvailable, launchBrowser } from './support/browser';
import { mockApi, type MockApiOptions } from './support/mock-api';
import { startPreview } from './support/preview';

/**
 * What the real system cannot show yet (checkout) and what only a browser can measure (toast layout,
 * keyboard order, the landing page's bundle), against the built app with a mocked /api/v1.
 */
describe.skipIf(!browserAvailable())('web app in the browser (mocked API)', () => {
  let server: { url: string; close: () => Promise<void> };
  let browser: Browser;

  beforeAll(async () => {
    server = await startPreview(inject('webDist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(path: string, options: MockApiOptions = {}, viewport = { width: 1280, height: 800 }) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const api = await mockApi(page, options);
    await page.goto(server.url + path);
    return { page, api };
  }

  const close = (page: Page) => page.context().close();

  it('loads only the landing page chunk on /', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(server.url + '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('LandingPage'))).toBe(true);
    expect(scripts.filter((s) => /Login|SignUp|AppShell|ChoosePlan|schemas/.test(s))).toEqual([]);
    await close(page);
  });

  it('starts checkout from /choose-plan and sends the browser to the returned url', async () => {
    const { page, api } = await open('/choose-plan', {
      signedIn: true,
      payment: { status: 200, body: { url: 'https://checkout.example.test/session/1' } },
    });
    await page.route('https://checkout.example.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Checkout</h1>' }),
    );
    await page.getByRole('button', { name: /Get Started with Starter/ }).click();
    await page.waitForURL('https://checkout.example.test/session/1');
    const payment = api.calls.find((c) => c.path === '/payment');
    expect(payment).toMatchObject({
      method: 'POST',
      body: { accountType: 'starter', currency: 'eur' },
      xsrf: 'test-xsrf-token',
    });
    await close(page);
  });

  it('shows the checkout failure toast top-right, 320 px wide, and closes it after 5 seconds', async () => {
    const { page } = await open('/choose-plan');
    await page.getByRole('button', { name: /Get Started with Professional/ }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Error initiating checkout. Please try again.' });
    await toast.waitFor();
    const shownAt = Date.now();
    const box = await toast.boundingBox();
    expect(box?.width).toBe(320);
    expect(box!.x + box!.width).toBeGreaterThan(1280 - 40);
    expect(box!.y).toBeLessThan(40);
    await toast.waitFor({ state: 'detached', timeout: 8000 });
    expect(Date.now() - shownAt).toBeGreaterThan(4000);
    await close(page);
  });

  it('shows toasts at full width on a phone', async () => {
    const { page } = await open('/choose-plan', {}, { width: 390, height: 844 });
    await page.getByRole('button', { name: /Get Started with Starter/ }).click();
    const box = await page.getByRole('alert').filter({ hasText: 'Error initiating checkout' }).boundingBox();
    expect(box?.width).toBe(390);
    await close(page);
  });

  it('signs in with the keyboard alone', async () => {
    const { page } = await open('/login', { signedIn: false });
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null;
          return el?.getAttribute('aria-label') ?? el?.labels?.[0]?.textContent ?? el?.textContent?.trim() ?? '';
        }),
      );
    }
    for (const control of [
      'Email',
      'Password',
      'Forgot password?',
      'Sign In',
      'Continue with single sign-on',
      'Create one',
    ]) {
      expect(reached).toContain(control);
    }
    await page.getByLabel('Email').focus();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('correct horse');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${server.url}/app`);
    await close(page);
  });

  it('sends a signed-out visitor from /app to /login', async () => {
    const { page } = await open('/app', { signedIn: false });
    await page.waitForURL(`${server.url}/login`);
    await close(page);
  });
});
