/**
 * Settings → Billing (business details, SDI code) and the plan-switch confirmation, at 390 and 1280 px in
 * both colour schemes, against the built app and a mocked API:
 *   npx vite build web && node --import tsx tests/e2e/support/billing-screenshots.ts [outDir]
 * Not a test: a tool to look at the pages (default output /tmp/shots-billing).
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { businessUser } from './books';
import { mockApi } from './mock-api';
import { startPreview } from './preview';

const outDir = process.argv[2] ?? '/tmp/shots-billing';
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const preview = {
  from: 'starter',
  to: 'professional',
  currency: 'eur',
  proratedAmount: 25.81,
  newMonthlyAmount: 70,
  nextBillingDate: '2026-12-01T00:00:00.000Z',
  booksLeftAfter: null,
  coversLeftAfter: null,
  translationsLeftAfter: null,
};
const plans = {
  status: 200,
  body: {
    data: {
      provider: 'stripe',
      currency: 'eur',
      plans: [
        { accountType: 'starter', amount: 30, label: 'Starter' },
        { accountType: 'professional', amount: 70, label: 'Professional' },
      ],
    },
  },
};

const shots: { name: string; before?: (page: Page) => Promise<void>; fullPage?: boolean }[] = [
  { name: 'billing-details', fullPage: true },
  {
    name: 'billing-switch-confirm',
    before: async (page) => {
      await page.getByRole('button', { name: 'Change Plan' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Choose' }).click();
      await page.getByRole('dialog', { name: 'Switch to Professional?' }).waitFor();
    },
  },
];

const server = await startPreview();
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
try {
  for (const colorScheme of ['light', 'dark'] as const)
    for (const [device, viewport] of Object.entries(viewports))
      for (const shot of shots) {
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${shot.name} (${device}): ${error.message}`));
        await mockApi(page, {
          signedIn: true,
          user: businessUser,
          plans,
          invoices: { status: 200, body: { data: [] } },
        });
        // Registered after mockApi, so it answers first.
        await page.route('**/api/v1/payment/preview', (route) =>
          route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: preview }) }),
        );
        await page.goto(`${server.url}/app/settings?tab=billing`);
        await page.waitForLoadState('networkidle');
        await shot.before?.(page);
        await page.waitForTimeout(300);
        if (shot.fullPage) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
        }
        await page.screenshot({ path: `${outDir}/${shot.name}-${device}-${colorScheme}.png` });
        await context.close();
      }
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.close();
}
