import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sampleLibrary, sampleLibrarySharedAs } from './support/books';
import { a11yViolations, browserAvailable, describeViolations } from './support/browser';
import { usePreviewWorld } from './support/preview-world';
import { mockApi } from './support/mock-api';
import { mockTrash } from './support/mock-trash';

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
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

/**
 * The web side of issue 19 in a real browser with a mocked /api/v1 (the server side is built alongside):
 * the trash from the card menu with Undo, the Trash view, and the screens of an account without a plan or
 * whose plan ends, each checked with axe at phone and desktop width in the light and the dark theme.
 */
describe.skipIf(!browserAvailable())('trash and access without a plan (mocked API)', () => {
  const world = usePreviewWorld();

  /**
   * axe on `path` at both widths, in the light and the dark theme. Each theme loads in a page of its own:
   * switching on a shown page would measure colours halfway through their transitions.
   */
  async function check(
    path: string,
    user: Record<string, unknown>,
    ready: (page: Page) => Promise<unknown>,
    // A short manuscript, as themes-and-phones.test.ts's sweeps have: axe reads every paragraph of the
    // read-only editor, and a 100-page book took most of this suite's time and checked nothing more.
    books = sampleLibrary(2_000),
  ) {
    const problems: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await world.browser.newContext({ viewport: viewports.desktop, colorScheme, locale: 'en-GB' });
      const page = await context.newPage();
      await mockApi(page, {
        signedIn: true,
        user,
        books,
        paymentProvider: 'local',
        invoices: { status: 200, body: { data: [] } },
      });
      await mockTrash(page, sampleLibrary().slice(2), sampleLibrary().slice(0, 2));
      await page.goto(world.server.url + path);
      await ready(page);
      for (const viewport of Object.values(viewports)) {
        await page.setViewportSize(viewport);
        const violations = await a11yViolations(page);
        if (violations.length > 0)
          problems.push(`${path} (${colorScheme}) at ${viewport.width}px:\n${describeViolations(violations)}`);
      }
      await context.close();
    }
    return problems;
  }

  it('moves a book to the trash with Undo, then restores and deletes it from the Trash view', async () => {
    const context = await world.browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const books = sampleLibrary();
    await mockApi(page, { signedIn: true, user: { accountType: 'starter', booksLeftThisMonth: 7 }, books });
    const calls = await mockTrash(page, books);
    await page.goto(`${world.server.url}/app`);
    const title = 'The Keeper of Letters';
    const card = page.getByTestId('library-book').filter({ hasText: title });
    expect(await card.getAttribute('data-status')).toBe('validation');

    const moveToTrash = async () => {
      await card.getByRole('button', { name: `Book actions: ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Move to trash' }).click();
      const dialog = page.getByRole('dialog', { name: 'Move this book to the trash?' });
      await dialog.getByRole('button', { name: 'Move to trash' }).click();
      // The notification of an earlier move may still be on its way out.
      await page.getByText('Book moved to trash').first().waitFor();
      await card.waitFor({ state: 'detached' });
    };
    await moveToTrash();
    // Focus went to the library's heading, in place of the card that had it.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Your library');
    await page.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Book restored').waitFor();
    await card.waitFor();

    await moveToTrash();
    await page.getByRole('main').getByRole('link', { name: 'Trash' }).click();
    const row = page.getByTestId('trashed-book').filter({ hasText: title });
    await row.waitFor();
    expect(await row.getByTestId('purge-at').textContent()).toMatch(/\(in (29|30) days\)$/);
    await row.getByRole('button', { name: `Restore: ${title}` }).click();
    await page.getByText('The trash is empty.').waitFor();
    await page.getByRole('link', { name: 'Back to your library' }).click();
    await card.waitFor();

    await moveToTrash();
    await page.goto(`${world.server.url}/app/trash`);
    await row.getByRole('button', { name: `Delete forever: ${title}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete this book forever?' })
      .getByRole('button', { name: 'Delete forever' })
      .click();
    await page.getByText('Book deleted forever').waitFor();
    await page.getByText('The trash is empty.').waitFor();

    // Every mutation carried its own X-Request-Id.
    const mutations = calls.filter((c) => c.method !== 'GET');
    expect(mutations.map((c) => `${c.method} ${c.path}`)).toEqual([
      'DELETE /book/validation',
      'POST /book/validation/restore',
      'DELETE /book/validation',
      'POST /book/validation/restore',
      'DELETE /book/validation',
      'DELETE /book/validation/permanent',
    ]);
    for (const call of mutations) expect(call.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(mutations.map((c) => c.requestId)).size).toBe(mutations.length);
    await context.close();
  });

  it('has no accessibility violations at any impact on the issue-19 screens, light and dark', async () => {
    const starter = { accountType: 'starter', booksLeftThisMonth: 7 };
    const problems = [
      ...(await check('/app/trash', starter, (p) => p.getByTestId('trashed-book').first().waitFor())),
      ...(await check('/app', noPlan, (p) => p.getByTestId('library-book').first().waitFor())),
      ...(await check('/app/edit/ready', noPlan, (p) => p.getByTestId('read-only').waitFor())),
      ...(await check('/app/plans', noPlan, (p) =>
        p.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor(),
      )),
      ...(await check('/app', ending, (p) => p.getByTestId('plan-ends').waitFor())),
      ...(await check('/app/settings?tab=billing', ending, (p) => p.getByTestId('billing-plan-ends').waitFor())),
      ...(await check('/app/settings', noPlan, (p) => p.getByRole('button', { name: 'Download my data' }).waitFor())),
    ];
    expect(problems.join('\n\n')).toBe('');
    // Seven screens, each loaded and checked by axe in both schemes: a budget for the work, not a timing claim.
  }, 300_000);

  it('has no accessibility violations on the structure review read by a viewer (issue 43), light and dark', async () => {
    // The role's banner, every field disabled, nothing that only changes the plan, no Confirm.
    const starter = { accountType: 'starter', booksLeftThisMonth: 7 };
    const ready = (page: Page) => page.getByTestId('role-banner').waitFor();
    const problems = await check('/app/validation', starter, ready, sampleLibrarySharedAs('viewer', 2_000));
    expect(problems.join('\n\n')).toBe('');
    // One screen loaded and checked by axe in both schemes: the seven screens' budget for one.
  }, 60_000);

  it('shows an account without a plan its library, its book read-only and the plans', async () => {
    const context = await world.browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await mockApi(page, { signedIn: true, user: noPlan, books: sampleLibrary(), paymentProvider: 'local' });
    await page.goto(`${world.server.url}/app`);
    await page.getByRole('region', { name: 'No plan' }).waitFor();
    await page.getByTestId('library-book').first().waitFor();
    expect(await page.getByLabel('What will your next book be about?').count()).toBe(0);

    await page.goto(`${world.server.url}/app/edit/ready`);
    await page.getByTestId('read-only').waitFor();
    expect(await page.getByRole('textbox', { name: 'Manuscript' }).getAttribute('contenteditable')).toBe('false');
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await page.getByRole('link', { name: 'Choose a plan to edit and write books' }).click();
    await page.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor();
    await context.close();
  });

  it('says when a cancelled plan ends, in the header and in Billing', async () => {
    const context = await world.browser.newContext({ viewport: viewports.desktop, locale: 'en-GB' });
    const page = await context.newPage();
    await mockApi(page, { signedIn: true, user: ending, books: sampleLibrary(), paymentProvider: 'local' });
    await page.goto(`${world.server.url}/app`);
    expect(await page.getByTestId('plan-ends').textContent()).toBe('Your Professional plan ends on 12 December.');
    await page.goto(`${world.server.url}/app/settings?tab=billing`);
    await page.getByTestId('billing-plan-ends').waitFor();
    expect(await page.getByText('Next billing date').count()).toBe(0);
    await context.close();
  });
});
