import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sampleLibrary } from './support/books';
import {
  a11yViolations,
  browserAvailable,
  describeViolations,
  openEditorAction,
  resize,
  switchColorScheme,
} from './support/browser';
import { usePreviewWorld } from './support/preview-world';
import { mockApi } from './support/mock-api';

const phone = { width: 390, height: 844 };
const starter = { accountType: 'starter', booksLeftThisMonth: 7, coversLeftThisMonth: 9 };

interface Screen {
  path: string;
  signedIn?: boolean;
  ready: (page: Page) => Promise<unknown>;
}

const manuscript = (p: Page) => p.getByRole('textbox', { name: 'Manuscript' }).waitFor();

/** The public pages and the signed-in app; each is checked in both colour schemes at phone and desktop width. */
const screens: Screen[] = [
  { path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/login', ready: (p) => p.getByRole('button', { name: 'Sign In' }).waitFor() },
  { path: '/signup?accountType=starter', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/forgot-password', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/reset-password/abc123', ready: (p) => p.getByLabel('New Password').waitFor() },
  // The three legal pages are one layout (LegalPage.tsx) around Markdown; the cookies policy's holds every
  // element the other two use, and a table besides.
  { path: '/cookies-policy', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/no/such/page', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/app/success', signedIn: true, ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  { path: '/app', signedIn: true, ready: (p) => p.getByTestId('library-book').first().waitFor() },
  { path: '/app/validation', signedIn: true, ready: (p) => p.getByRole('tab', { name: 'Plot' }).waitFor() },
  { path: '/app/edit/ready', signedIn: true, ready: manuscript },
  {
    path: '/app/edit/ready (export dialog)',
    signedIn: true,
    ready: async (p) => {
      await manuscript(p);
      await openEditorAction(p, 'Export');
      await p.getByRole('dialog', { name: 'Export Your Book' }).waitFor();
    },
  },
  {
    path: '/app/edit/ready (book details)',
    signedIn: true,
    ready: async (p) => {
      await manuscript(p);
      const show = p.getByRole('button', { name: 'Show book details' });
      if (await show.isVisible()) await show.click();
      await p.getByRole('tab', { name: 'Metadata' }).click();
    },
  },
  { path: '/app/settings', signedIn: true, ready: (p) => p.getByRole('button', { name: 'Delete Account' }).waitFor() },
  {
    path: '/app/settings?tab=preferences',
    signedIn: true,
    ready: (p) => p.getByRole('heading', { name: 'Preferences' }).first().waitFor(),
  },
];

/** An editor action: a button from 640 px, an item of the "Book actions" menu below. */

/**
 * Issue 20, dark mode and phones, in a real browser with a mocked /api/v1: axe (every impact, colour contrast
 * included) on every screen in the light and the dark colour scheme (the default "System" theme follows it),
 * nothing wider than a 360 px phone, and the editor's Save, Export and Change Cover tapped at 390 px.
 */
describe.skipIf(!browserAvailable())('dark mode and phones (mocked API)', () => {
  const world = usePreviewWorld();

  async function open(path: string, options: { colorScheme?: 'light' | 'dark'; width?: number; signedIn?: boolean }) {
    const context = await world.browser.newContext({
      viewport: { width: options.width ?? phone.width, height: 844 },
      colorScheme: options.colorScheme ?? 'light',
      locale: 'en-GB',
      hasTouch: (options.width ?? phone.width) < 640,
    });
    const page = await context.newPage();
    // A short manuscript: axe on a 100-page document takes long and checks nothing more.
    const books = sampleLibrary(2_000).map((b) => (b._id === 'ready' ? { ...b, coverImage: '/favicon.svg' } : b));
    const api = await mockApi(page, { signedIn: options.signedIn ?? false, user: starter, books, llm: 'offline' });
    await page.goto(world.server.url + path.replace(/ \(.*\)$/, ''));
    return { page, api };
  }

  /**
   * One page per screen and width, with both colour schemes on it: the phone's loads dark and turns light, the
   * desktop's loads light and turns dark, so that each scheme is checked both as a page opens in it and as the
   * system switches to it. The phone's page is then narrowed to 360 px and measured for sideways scrolling.
   */
  const checks: {
    width: number;
    schemes: readonly ['light', 'dark'] | readonly ['dark', 'light'];
    narrowTo?: number;
  }[] = [
    { width: phone.width, schemes: ['dark', 'light'], narrowTo: 360 },
    { width: 1280, schemes: ['light', 'dark'] },
  ];
  for (const screen of screens)
    for (const { width, schemes, narrowTo } of checks) {
      const fits = narrowTo ? `, and scrolls no page sideways at ${narrowTo}px` : '';
      it(`has no accessibility violations at any impact on ${screen.path} at ${width}px, light and dark${fits}`, async () => {
        const problems: string[] = [];
        const { page } = await open(screen.path, { colorScheme: schemes[0], width, signedIn: screen.signedIn });
        await screen.ready(page);
        for (const colorScheme of schemes) {
          if (colorScheme !== schemes[0]) await switchColorScheme(page, colorScheme);
          const violations = await a11yViolations(page);
          if (violations.length > 0) problems.push(`${colorScheme} scheme:\n${describeViolations(violations)}`);
        }
        if (narrowTo) {
          // The same phone layout (below 640 px), narrower: a resize reflows it as a smaller phone shows it.
          await resize(page, { width: narrowTo, height: phone.height });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`at ${narrowTo}px: ${overflow}px too wide`);
        }
        await page.context().close();
        expect(problems.join('\n\n')).toBe('');
      });
    }

  it('taps Save, Export and Change Cover in the editor at 390 px', async () => {
    const { page, api } = await open('/app/edit/ready', { signedIn: true });
    await manuscript(page);
    // The header's actions fold into one menu; only Save stays beside it.
    expect(await page.getByRole('button', { name: 'Export', exact: true }).isVisible()).toBe(false);

    await page.locator('.book-editor p').first().tap();
    await page.keyboard.type('More words. ');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByText('Book content updated successfully!').waitFor();
    expect(api.calls.some((c) => c.method === 'PATCH' && c.path === '/book/content/ready')).toBe(true);

    await page.getByRole('button', { name: 'Book actions' }).tap();
    await page.getByRole('menuitem', { name: 'Export' }).tap();
    const exportDialog = page.getByRole('dialog', { name: 'Export Your Book' });
    await exportDialog.waitFor();
    await exportDialog.getByRole('button', { name: 'Close dialog' }).tap();
    await exportDialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Book actions' }).tap();
    await page.getByRole('menuitem', { name: 'Change Cover' }).tap();
    await page.getByRole('dialog').getByRole('heading', { name: 'Book Cover' }).waitFor();
    await page.context().close();
  });

  it('shows every Settings tab whole at 360 and 390 px, and selects each by tap and by arrow key', async () => {
    // One page, narrowed then widened: the tabs' layout is CSS alone.
    const { page } = await open('/app/settings', { width: 360, signedIn: true });
    for (const width of [360, 390]) {
      await resize(page, { width, height: phone.height });
      const tablist = page.getByRole('tablist', { name: 'Settings' });
      await tablist.waitFor();
      const box = (await tablist.boundingBox())!;
      const tabs = tablist.getByRole('tab');
      const names = await tabs.allTextContents();
      expect(names).toEqual(['Account', 'Billing & Plans', 'Security', 'API', 'Help & Support', 'Preferences']);
      for (const [index, name] of names.entries()) {
        const tab = tabs.nth(index);
        const tabBox = (await tab.boundingBox())!;
        // Inside the list and the screen, and its label not cut ("He…").
        expect(tabBox.x).toBeGreaterThanOrEqual(box.x);
        expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(Math.min(box.x + box.width, width) + 0.5);
        expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        await tab.tap();
        await expect.poll(() => tab.getAttribute('aria-selected'), { message: `${name} at ${width}px` }).toBe('true');
      }
      expect(await tablist.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      // The ARIA tabs pattern still holds: the arrows move along the tabs and wrap round.
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => tabs.nth(0).getAttribute('aria-selected')).toBe('true');
    }
    await page.context().close();
  });

  it('opens the side panel as a sheet on a phone, and closes it with Escape', async () => {
    const { page } = await open('/app/edit/ready', { signedIn: true });
    await manuscript(page);
    await page.getByRole('button', { name: 'Show book details' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Book details' });
    await sheet.waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Close book details');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Show book details');
    await page.context().close();
  });

  it('gives the landing page a menu of its sections on a phone', async () => {
    const { page } = await open('/', {});
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.tap();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Pricing' }).tap();
    await expect.poll(() => new URL(page.url()).hash).toBe('#pricing');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('sets small caps from the toolbar at 390 and 1280 px, light and dark, the whole toolbar in reach', async () => {
    for (const [width, colorScheme] of [
      [phone.width, 'light'],
      [1280, 'dark'],
    ] as const) {
      const { page } = await open('/app/edit/ready', { colorScheme, width, signedIn: true });
      await manuscript(page);
      const toolbar = page.getByRole('toolbar', { name: 'Formatting' });
      const button = toolbar.getByRole('button', { name: 'Small caps' });
      expect(await button.getAttribute('aria-pressed')).toBe('false');
      await page.locator('.book-editor p').first().dblclick();
      await button.click();
      await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
      const set = page.locator('.book-editor span.small-caps').first();
      expect(await set.evaluate((span) => getComputedStyle(span).fontVariantCaps)).toBe('small-caps');
      // Every button of the toolbar is on screen without scrolling it.
      const overflow = await toolbar.evaluate((bar) => bar.scrollWidth - bar.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const shots = process.env.SHOTS_DIR;
      for (const scheme of shots ? (['light', 'dark'] as const) : []) {
        await switchColorScheme(page, scheme);
        await page.screenshot({ path: `${shots}/toolbar-small-caps-${width}-${scheme}.png` });
      }
      await page.context().close();
    }
  });

  it('keeps the manuscript readable in the dark scheme, and wraps the titles', async () => {
    const { page } = await open('/app/edit/ready', { colorScheme: 'dark', width: 1280, signedIn: true });
    await manuscript(page);
    const colours = await page.evaluate(() => {
      const text = getComputedStyle(document.querySelector('.book-editor p')!).color;
      const sheet = document.querySelector('.book-editor')!.closest('.bg-white')!;
      return { text, page: getComputedStyle(sheet).backgroundColor };
    });
    // Light type on a dark sheet (the light theme's manuscript was near-black on near-black here).
    const luminance = (rgb: string) => {
      const [r, g, b] = rgb.match(/\d+/g)!.map(Number) as [number, number, number];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    expect(luminance(colours.text)).toBeGreaterThan(200);
    expect(luminance(colours.page)).toBeLessThan(40);
    // The header's title is never cut with an ellipsis.
    const title = page.getByRole('heading', { level: 1, name: 'Salt and Lantern' });
    expect(await title.evaluate((h) => getComputedStyle(h).textOverflow)).not.toBe('ellipsis');
    await page.context().close();
  });
});
