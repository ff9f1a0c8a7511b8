import { mkdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { a11yViolations, browserAvailable, describeViolations, switchColorScheme } from './support/browser';
import { usePreviewWorld } from './support/preview-world';
import { businessUser } from './support/books';
import { mockApi } from './support/mock-api';

/**
 * Where the screenshots of these pages go, to be looked at (one per page, scheme and width), when
 * MONEY_SHOTS_DIR names a directory: CI, where nobody looks, takes none.
 */
const shotsDir = process.env.MONEY_SHOTS_DIR || undefined;

/** Prices other than the defaults, so that a page showing a price of its own would be seen. */
const plans = {
  status: 200,
  body: {
    data: {
      provider: 'stripe',
      currency: 'eur',
      plans: [
        { accountType: 'starter', amount: 27, label: 'Starter' },
        { accountType: 'professional', amount: 64, label: 'Professional' },
      ],
    },
  },
};

interface Screen {
  name: string;
  path: string;
  signedIn: boolean;
  ready: (page: Page) => Promise<unknown>;
}

const screens: Screen[] = [
  {
    name: 'choose-plan',
    path: '/choose-plan',
    signedIn: false,
    ready: (p) => p.getByText('€64').waitFor(),
  },
  {
    name: 'settings-billing',
    path: '/app/settings?tab=billing',
    signedIn: true,
    ready: (p) => p.getByText('Edizioni Faro S.r.l.').first().waitFor(),
  },
];

/**
 * Issue 20: the pages where an author chooses and pays for a plan, in a real browser with a mocked
 * /api/v1: axe (every impact, colour contrast included) in both colour schemes at phone and desktop width,
 * the configured prices shown, and a screenshot of each for looking at (MONEY_SHOTS_DIR).
 */
describe.skipIf(!browserAvailable())('plans and billing: axe in both colour schemes (mocked API)', () => {
  const world = usePreviewWorld();

  beforeAll(async () => {
    if (shotsDir) await mkdir(shotsDir, { recursive: true });
  });

  async function open(screen: Screen, colorScheme: 'light' | 'dark', width: number) {
    const context = await world.browser.newContext({
      viewport: { width, height: 844 },
      colorScheme,
      locale: 'en-GB',
      hasTouch: width < 640,
    });
    const page = await context.newPage();
    await mockApi(page, {
      signedIn: screen.signedIn,
      user: businessUser,
      plans,
      invoices: { status: 200, body: { data: [] } },
    });
    await page.goto(world.server.url + screen.path);
    await screen.ready(page);
    return page;
  }

  // One page per screen and width, with both colour schemes on it: the phone's loads dark and turns light, the
  // desktop's loads light and turns dark (see themes-and-phones.test.ts).
  const checks = [
    { width: 390, schemes: ['dark', 'light'] },
    { width: 1280, schemes: ['light', 'dark'] },
  ] as const;
  for (const screen of screens)
    for (const { width, schemes } of checks)
      it(`has no accessibility violations at any impact on ${screen.path} at ${width}px, light and dark`, async () => {
        const problems: string[] = [];
        const page = await open(screen, schemes[0], width);
        for (const colorScheme of schemes) {
          if (colorScheme !== schemes[0]) await switchColorScheme(page, colorScheme);
          const violations = await a11yViolations(page);
          if (violations.length > 0) problems.push(`${colorScheme} scheme:\n${describeViolations(violations)}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          if (overflow > 0) problems.push(`${colorScheme} scheme: ${overflow}px too wide`);
          if (shotsDir)
            await page.screenshot({ path: `${shotsDir}/${screen.name}-${width}-${colorScheme}.png`, fullPage: true });
        }
        await page.context().close();
        expect(problems.join('\n\n')).toBe('');
      });

  it('shows the configured prices on the landing page, its FAQ and /choose-plan, and no other', async () => {
    const page = await open(screens[0]!, 'light', 1280);
    const cardPrices = await page.getByText(/^€\d+$/).allTextContents();
    expect(cardPrices.sort()).toEqual(['€27', '€64']);
    await page.goto(`${world.server.url}/`);
    await page.getByTestId('price-professional').getByText('€64').waitFor();
    expect(await page.getByTestId('price-starter').textContent()).toContain('€27');
    await page.getByRole('button', { name: 'Which plans are there, and what do they include?' }).click();
    await page.getByText(/Starter costs €27 per month.*Professional costs €64 per month/).waitFor();
    expect(await page.getByText(/€30|€70/).count()).toBe(0);
    await page.context().close();
  });

  it('writes the configured prices on Settings → Billing as the plan cards do ("€27", never "€27.00")', async () => {
    const page = await open(screens[1]!, 'light', 1280);
    await expect.poll(() => page.getByTestId('current-plan-price').textContent()).toBe('€27/month');
    await page.getByRole('button', { name: 'Change Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Plan' });
    await dialog.getByText('€64/month').waitFor();
    expect(await dialog.getByText('€27/month').count()).toBe(1);
    expect(await page.getByText(/€\d+\.00/).count()).toBe(0);
    await page.context().close();
  });
});
