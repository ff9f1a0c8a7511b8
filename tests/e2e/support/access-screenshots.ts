/**
 * Screenshots of the issue-19 screens (the Trash view, the library and the editor without a plan, the
 * plan's end in Billing), and of issue 43's structure review read by someone the book is shared with, at 390
 * and 1280 px, light and dark, against the built app and a mocked API:
 *   npx vite build web --outDir /tmp/web-dist && node --import tsx tests/e2e/support/access-screenshots.ts /tmp/web-dist [outDir] [name-filter]
 * Not a test: a tool to look at the pages (default output /tmp/shots-access; only the shots whose name holds
 * name-filter when given).
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Book } from '@bookwright/contracts/http';
import { sampleLibrary, sampleLibrarySharedAs } from './books';
import { launchBrowser } from './browser';
import { mockApi } from './mock-api';
import { mockTrash } from './mock-trash';
import { startPreview } from './preview';

const distDir = process.argv[2];
const outDir = process.argv[3] ?? '/tmp/shots-access';
const only = process.argv[4] || undefined;
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface Shot {
  name: string;
  path: string;
  user: Record<string, unknown>;
  ready: (page: Page) => Promise<unknown>;
  /** The library; default sampleLibrary(). */
  books?: Book[];
  fullPage?: boolean;
}

const noPlan = { accountType: 'null', booksLeftThisMonth: 0 };
const ending = {
  accountType: 'professional',
  booksLeftThisMonth: null,
  subscriptionStatus: 'active',
  nextBillingDate: '2026-12-12T10:00:00.000Z',
  cancelAtPeriodEnd: true,
  planEndsAt: '2026-12-12T10:00:00.000Z',
  billingPortal: false,
};
const shots: Shot[] = [
  {
    name: 'trash',
    path: '/app/trash',
    user: { accountType: 'starter', booksLeftThisMonth: 7 },
    ready: (p) => p.getByTestId('trashed-book').first().waitFor(),
  },
  {
    name: 'no-plan-library',
    path: '/app',
    user: noPlan,
    ready: (p) => p.getByTestId('library-book').first().waitFor(),
  },
  {
    name: 'no-plan-editor',
    path: '/app/edit/ready',
    user: noPlan,
    ready: (p) => p.getByTestId('read-only').waitFor(),
  },
  {
    name: 'no-plan-plans',
    path: '/app/plans',
    user: noPlan,
    ready: (p) => p.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor(),
  },
  {
    name: 'plan-ends-library',
    path: '/app',
    user: ending,
    ready: (p) => p.getByTestId('plan-ends').waitFor(),
  },
  {
    name: 'plan-ends-billing',
    path: '/app/settings?tab=billing',
    user: ending,
    ready: (p) => p.getByTestId('billing-plan-ends').waitFor(),
  },
  {
    name: 'structure-review-viewer',
    path: '/app/validation',
    user: { accountType: 'starter', booksLeftThisMonth: 7 },
    books: sampleLibrarySharedAs('viewer'),
    fullPage: true,
    ready: (p) => p.getByTestId('role-banner').waitFor(),
  },
  {
    name: 'account-download',
    path: '/app/settings',
    user: noPlan,
    ready: (p) => p.getByRole('button', { name: 'Download my data' }).waitFor(),
  },
];

const server = await startPreview(distDir);
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
try {
  for (const shot of shots.filter((each) => !only || each.name.includes(only)))
    for (const scheme of ['light', 'dark'] as const)
      for (const [device, viewport] of Object.entries(viewports)) {
        const context = await browser.newContext({ viewport, colorScheme: scheme, locale: 'en-GB' });
        const page = await context.newPage();
        const books = shot.books ?? sampleLibrary();
        await mockApi(page, { signedIn: true, user: shot.user, books, paymentProvider: 'local' });
        await mockTrash(page, sampleLibrary().slice(2), sampleLibrary().slice(0, 2));
        await page.goto(server.url + shot.path);
        await shot.ready(page);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${outDir}/${shot.name}-${scheme}-${device}.png`, fullPage: shot.fullPage });
        await context.close();
      }
} finally {
  await browser.close();
  await server.close();
}
