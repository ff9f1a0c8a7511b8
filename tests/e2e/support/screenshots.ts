/**
 * Screenshots of every page at desktop and phone size, in the light and the dark colour scheme (the default
 * "System" theme follows it), against the built app and a mocked API:
 *   npx vite build web && node --import tsx tests/e2e/support/screenshots.ts [outDir] [name-filter] [light|dark]
 * Not a test: a tool to look at the pages (default output /tmp/shots, files `<name>-<device>-<scheme>.png`).
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Book } from '@bookwright/contracts/http';
import { sampleLibrary } from './books';
import { launchBrowser, openEditorAction } from './browser';
import { mockApi, type MockApiOptions } from './mock-api';
import { startPreview } from './preview';

const outDir = process.argv[2] ?? '/tmp/shots';
const only = process.argv[3] || undefined;
const schemes = process.argv[4] ? [process.argv[4] as 'light' | 'dark'] : (['light', 'dark'] as const);
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  user?: Record<string, unknown>;
  books?: Book[];
  fail?: MockApiOptions['fail'];
  invoices?: MockApiOptions['invoices'];
  plans?: MockApiOptions['plans'];
  delayMs?: number;
  paymentProvider?: MockApiOptions['paymentProvider'];
  before?: (page: Page, device: keyof typeof viewports) => Promise<void>;
  /** Capture the whole page (the viewport grows to the page's height) rather than the first screen. */
  fullPage?: boolean;
}

const starter = { accountType: 'starter', booksLeftThisMonth: 7 };
const app = (shot: Omit<Shot, 'signedIn' | 'user'> & { user?: Record<string, unknown> }): Shot => ({
  signedIn: true,
  user: starter,
  books: sampleLibrary(),
  ...shot,
});
const openDrawerOnPhone = async (page: Page, device: string) => {
  if (device === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
};
const openPanelOnPhone = async (page: Page, device: string) => {
  if (device === 'phone') await page.getByRole('button', { name: 'Show book details' }).click();
};
const fillPlan = async (page: Page) => {
  await page.getByLabel('What will your next book be about?').fill('A lighthouse keeper finds letters from a sailor.');
  await page.getByLabel('Title').fill('The Keeper of Letters');
  await page.getByLabel('Language').selectOption('english');
  await page.getByLabel('Target audience').fill('Adult readers of literary mysteries');
  await page.getByLabel('Genre').selectOption('mystery');
};

const invoiceList = {
  status: 200,
  body: {
    data: [
      {
        id: 'in_2',
        number: 'BW-0002',
        date: '2026-11-01T00:00:00.000Z',
        periodStart: '2026-11-01T00:00:00.000Z',
        periodEnd: '2026-12-01T00:00:00.000Z',
        amount: 30,
        status: 'paid',
        hostedUrl: 'https://invoice.example/in_2',
        pdfUrl: null,
      },
      {
        id: 'in_1',
        number: 'BW-0001',
        date: '2026-10-01T00:00:00.000Z',
        periodStart: null,
        periodEnd: null,
        amount: 30,
        status: 'paid',
        hostedUrl: null,
        pdfUrl: 'https://invoice.example/in_1.pdf',
      },
    ],
  },
};
const billingUser = {
  ...starter,
  nextBillingDate: '2026-12-01T00:00:00.000Z',
  subscriptionStatus: 'active',
  coversLeftThisMonth: 9,
  translationsLeftThisMonth: 5,
};
const settingsShots: Shot[] = [
  app({ name: 'settings-account', path: '/app/settings', user: billingUser, fullPage: true }),
  app({
    name: 'settings-account-edit',
    path: '/app/settings',
    user: billingUser,
    fullPage: true,
    before: async (page) => {
      await page.getByRole('button', { name: 'Edit' }).click();
      await page.getByLabel('Email').fill('ada.new@example.com');
    },
  }),
  app({
    name: 'settings-delete-dialog',
    path: '/app/settings',
    user: billingUser,
    before: async (page) => {
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByLabel('Type your email to confirm').fill('ada@example.com');
    },
  }),
  app({
    name: 'settings-billing',
    path: '/app/settings?tab=billing',
    user: billingUser,
    invoices: invoiceList,
    fullPage: true,
  }),
  app({
    name: 'settings-billing-professional',
    path: '/app/settings?tab=billing',
    user: {
      ...billingUser,
      accountType: 'professional',
      booksLeftThisMonth: null,
      coversLeftThisMonth: null,
      translationsLeftThisMonth: null,
    },
    invoices: { status: 200, body: { data: [] } },
    fullPage: true,
  }),
  app({
    name: 'settings-change-plan',
    path: '/app/settings?tab=billing',
    user: billingUser,
    invoices: invoiceList,
    before: async (page) => {
      await page.getByRole('button', { name: 'Change Plan' }).click();
    },
  }),
  app({ name: 'settings-security', path: '/app/settings?tab=security', fullPage: true }),
  app({ name: 'settings-help', path: '/app/settings?tab=help', fullPage: true }),
  app({ name: 'settings-preferences', path: '/app/settings?tab=preferences', fullPage: true }),
  app({
    name: 'settings-preferences-dark',
    path: '/app/settings?tab=preferences',
    fullPage: true,
    before: async (page) => {
      await page.getByText('Dark', { exact: true }).click();
    },
  }),
];

const shots: Shot[] = [
  ...settingsShots,
  { name: 'landing', path: '/', fullPage: true },
  { name: 'login', path: '/login', fullPage: true },
  {
    name: 'login-error',
    path: '/login',
    fullPage: true,
    before: async (page) => {
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.getByRole('alert').waitFor();
    },
  },
  { name: 'login-provider-error', path: '/login?error=oidc_unverified_email', fullPage: true },
  { name: 'signup', path: '/signup?accountType=starter', fullPage: true },
  { name: 'forgot-password', path: '/forgot-password', fullPage: true },
  {
    name: 'forgot-password-sent',
    path: '/forgot-password',
    fullPage: true,
    before: async (page) => {
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByRole('button', { name: 'Send Recovery Link' }).click();
      await page.getByText('Link Sent!').waitFor();
    },
  },
  { name: 'reset-password', path: '/reset-password/abc123', fullPage: true },
  {
    name: 'reset-password-error',
    path: '/reset-password/abc123',
    fullPage: true,
    before: async (page) => {
      await page.getByLabel('New Password').fill('one password');
      await page.getByLabel('Confirm Password').fill('another one');
      await page.getByRole('button', { name: 'Reset Password' }).click();
    },
  },
  { name: 'choose-plan', path: '/choose-plan', fullPage: true },
  { name: 'choose-plan-local', path: '/choose-plan', fullPage: true, paymentProvider: 'local' },
  { name: 'app-no-plan-local', path: '/app', signedIn: true, fullPage: true, paymentProvider: 'local' },
  {
    name: 'app-past-due',
    path: '/app',
    signedIn: true,
    user: { ...starter, subscriptionStatus: 'past_due' },
    books: sampleLibrary(),
  },
  {
    name: 'choose-plan-toast',
    path: '/choose-plan',
    fullPage: true,
    before: async (page) => {
      await page.getByRole('button', { name: /Get Started with Professional/ }).click();
      await page.getByText('Error initiating checkout. Please try again.').waitFor();
    },
  },
  { name: 'app-no-plan', path: '/app', signedIn: true, fullPage: true },
  { name: 'app-success', path: '/app/success', signedIn: true, user: starter },
  { name: 'error-404', path: '/no/such/page', fullPage: true },

  // Issue 4: the author's app.
  app({ name: 'app-empty', path: '/app', books: [] }),
  app({ name: 'app-home', path: '/app', fullPage: true }),
  app({
    name: 'app-form-error',
    path: '/app',
    before: async (page) => {
      await page.getByLabel('What will your next book be about?').fill('A lighthouse keeper finds letters.');
      await page.getByLabel('Title').fill('The Keeper of Letters');
      await page.getByRole('button', { name: 'Create Book' }).click();
      await page.getByText('Please select a language').waitFor();
    },
  }),
  app({
    name: 'app-form-filled',
    path: '/app',
    fullPage: true,
    before: fillPlan,
  }),
  app({
    name: 'app-created',
    path: '/app',
    before: async (page) => {
      await fillPlan(page);
      await page.getByRole('button', { name: 'Create Book' }).click();
      await page.getByText("Book planning started! You'll see it in the library when it is ready!").waitFor();
    },
  }),
  app({
    name: 'app-limit',
    path: '/app',
    fail: { plan: 403 },
    before: async (page) => {
      await fillPlan(page);
      await page.getByRole('button', { name: 'Create Book' }).click();
      await page.getByText('You have reached the limit of books you can create this month').waitFor();
    },
  }),
  app({
    name: 'app-search',
    path: '/app',
    before: async (page, device) => {
      await openDrawerOnPhone(page, device);
      await page.getByRole('searchbox', { name: 'Search books' }).fill('the');
    },
  }),
  app({
    name: 'app-user-menu',
    path: '/app',
    before: async (page, device) => {
      await openDrawerOnPhone(page, device);
      await page.getByRole('button', { name: 'Account menu' }).click();
    },
  }),
  app({
    name: 'app-collapsed',
    path: '/app',
    before: async (page, device) => {
      if (device === 'desktop') await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    },
  }),
  app({ name: 'app-settings', path: '/app/settings' }),
  app({ name: 'app-book-planning', path: '/app/planning' }),
  app({ name: 'validation-concept', path: '/app/validation', fullPage: true }),
  app({
    name: 'validation-characters',
    path: '/app/validation',
    fullPage: true,
    before: async (page) => {
      await page.getByRole('tab', { name: 'Characters' }).click();
    },
  }),
  app({
    name: 'validation-plot',
    path: '/app/validation',
    before: async (page) => {
      await page.getByRole('tab', { name: 'Plot' }).click();
    },
  }),
  app({
    name: 'validation-saved',
    path: '/app/validation',
    before: async (page) => {
      await page.getByLabel('New theme').fill('  Lighthouses ');
      await page.getByLabel('New theme').press('Enter');
      // A save that works is silent: the new chip and the status line are what shows.
      await page.getByText('Every change is saved as you make it.').waitFor();
    },
  }),
  app({
    name: 'validation-save-error',
    path: '/app/validation',
    fail: { state: 500 },
    before: async (page) => {
      await page.getByLabel('Sub-genre').fill('Cosy mystery');
      await page.getByLabel('Sub-genre').press('Enter');
      await page.getByText('Error while saving. Please try again').waitFor();
    },
  }),
  app({
    name: 'validation-research',
    path: '/app/nonfiction',
    before: async (page) => {
      await page.getByRole('tab', { name: 'Research' }).click();
    },
  }),
  app({
    name: 'validation-content',
    path: '/app/nonfiction',
    fullPage: true,
    before: async (page) => {
      await page.getByRole('tab', { name: 'Content' }).click();
    },
  }),
  app({ name: 'editor', path: '/app/edit/ready' }),
  app({
    name: 'editor-dirty',
    path: '/app/edit/ready',
    before: async (page) => {
      await page.locator('.book-editor h1').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type(' and the Sea');
    },
  }),
  app({
    name: 'editor-saved',
    path: '/app/edit/ready',
    before: async (page) => {
      await page.locator('.book-editor h1').first().click();
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Book content updated successfully!').waitFor();
    },
  }),
  app({
    name: 'editor-characters',
    path: '/app/edit/ready',
    before: async (page, device) => {
      await openPanelOnPhone(page, device);
      await page.getByRole('tab', { name: 'Characters' }).click();
    },
  }),
  app({
    name: 'editor-plot',
    path: '/app/edit/ready',
    before: async (page, device) => {
      await openPanelOnPhone(page, device);
      await page.getByRole('tab', { name: 'Plot Structure' }).click();
    },
  }),
  app({
    name: 'editor-metadata',
    path: '/app/edit/ready',
    before: async (page, device) => {
      await openPanelOnPhone(page, device);
      await page.getByRole('tab', { name: 'Metadata' }).click();
      await page.getByLabel('Subject/Keywords').fill('lighthouse, letters, sea,');
      await page.getByRole('button', { name: 'Save metadata' }).click();
      await page.getByText('Author is required').waitFor();
    },
  }),
  app({
    name: 'editor-datepicker',
    path: '/app/edit/ready',
    before: async (page, device) => {
      await openPanelOnPhone(page, device);
      await page.getByRole('tab', { name: 'Metadata' }).click();
      await page.getByRole('button', { name: /Publication Date/ }).click();
    },
  }),
  app({
    name: 'editor-export-dialog',
    path: '/app/edit/ready',
    // On a phone Export is an item of the "Book actions" menu.
    before: (page) => openEditorAction(page, 'Export'),
  }),
  app({
    name: 'editor-leave-dialog',
    path: '/app/edit/ready',
    // Since autosave (issue 19) the dialog shows only while saves are failing.
    fail: { content: 503 },
    before: async (page, device) => {
      await page.locator('.book-editor p').first().click();
      await page.keyboard.type('More words. ');
      await openDrawerOnPhone(page, device);
      await page.getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByText('Leave without saving?').waitFor();
    },
  }),
];

const server = await startPreview();
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
try {
  for (const colorScheme of schemes)
    for (const [device, viewport] of Object.entries(viewports) as [
      keyof typeof viewports,
      { width: number; height: number },
    ][]) {
      for (const shot of shots) {
        if (only && !shot.name.includes(only)) continue;
        const context = await browser.newContext({ viewport, deviceScaleFactor: 1, colorScheme });
        const page = await context.newPage();
        page.on('pageerror', (error) => console.error(`${shot.name} (${device}): ${error.message}`));
        await mockApi(page, {
          signedIn: shot.signedIn ?? false,
          user: shot.user ?? {},
          books: shot.books ?? [],
          ...(shot.fail ? { fail: shot.fail } : {}),
          ...(shot.delayMs ? { delayMs: shot.delayMs } : {}),
          ...(shot.paymentProvider ? { paymentProvider: shot.paymentProvider } : {}),
          ...(shot.invoices ? { invoices: shot.invoices } : {}),
          ...(shot.plans ? { plans: shot.plans } : {}),
        });
        await page.goto(server.url + shot.path);
        await page.waitForLoadState('networkidle');
        try {
          await shot.before?.(page, device);
        } catch (error) {
          console.error(`${shot.name} (${device}): ${(error as Error).message}`);
        }
        await page.waitForTimeout(400); // let transitions and the toast animation settle
        if (shot.fullPage) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
          await page.waitForTimeout(100);
        }
        await page.screenshot({ path: `${outDir}/${shot.name}-${device}-${colorScheme}.png` });
        await context.close();
      }
    }
  console.log(`screenshots written to ${outDir}`);
} finally {
  await browser.close();
  await server.close();
}
