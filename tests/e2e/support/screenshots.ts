/**
 * Screenshots of every page at desktop and phone size, against the built app and a mocked API:
 *   npx vite build web && node --import tsx tests/e2e/support/screenshots.ts [outDir]
 * Not a test: a tool to look at the pages (default output /tmp/shots).
 */
import { mkdir } from 'node:fs/promises';
import { launchBrowser } from './browser';
import { mockApi } from './mock-api';
import { startPreview } from './preview';

const outDir = process.argv[2] ?? '/tmp/shots';
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const pages: { name: string; path: string; signedIn?: boolean; user?: Record<string, unknown>; before?: string }[] = [
  { name: 'landing', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'login-error', path: '/login', before: 'login-error' },
  { name: 'signup', path: '/signup?accountType=starter' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'forgot-password-sent', path: '/forgot-password', before: 'forgot-sent' },
  { name: 'reset-password', path: '/reset-password/abc123' },
  { name: 'reset-password-error', path: '/reset-password/abc123', before: 'reset-mismatch' },
  { name: 'choose-plan', path: '/choose-plan' },
  { name: 'choose-plan-toast', path: '/choose-plan', before: 'checkout-fail' },
  { name: 'app-no-plan', path: '/app', signedIn: true },
  { name: 'app-starter', path: '/app', signedIn: true, user: { accountType: 'starter' } },
  { name: 'app-success', path: '/app/success', signedIn: true, user: { accountType: 'starter' } },
  { name: 'error-404', path: '/no/such/page' },
];

const server = await startPreview();
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
try {
  for (const [device, viewport] of Object.entries(viewports)) {
    for (const spec of pages) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
      const page = await context.newPage();
      await mockApi(page, { signedIn: spec.signedIn ?? false, user: spec.user ?? {} });
      await page.goto(server.url + spec.path);
      await page.waitForLoadState('networkidle');
      if (spec.before === 'login-error') {
        await page.getByLabel('Email').fill('ada@example.com');
        await page.getByLabel('Password').fill('wrong');
        await page.getByRole('button', { name: 'Sign In' }).click();
        await page.getByRole('alert').waitFor();
      } else if (spec.before === 'forgot-sent') {
        await page.getByLabel('Email').fill('ada@example.com');
        await page.getByRole('button', { name: 'Send Recovery Link' }).click();
        await page.getByText('Link Sent!').waitFor();
      } else if (spec.before === 'reset-mismatch') {
        await page.getByLabel('New Password').fill('one password');
        await page.getByLabel('Confirm Password').fill('another one');
        await page.getByRole('button', { name: 'Reset Password' }).click();
      } else if (spec.before === 'checkout-fail') {
        await page.getByRole('button', { name: /Get Started with Professional/ }).click();
        await page.getByText('Error initiating checkout. Please try again.').waitFor();
      }
      await page.waitForTimeout(400); // let transitions and the toast animation settle
      await page.screenshot({ path: `${outDir}/${spec.name}-${device}.png`, fullPage: true });
      await context.close();
    }
  }
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.close();
}
