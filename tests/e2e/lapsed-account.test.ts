import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { exportFileName, type User } from '@bookwright/contracts/http';
import { browserAvailable, describeViolations, seriousA11yViolations } from './support/browser';
import { signUpAndPayForStarter, useStripeBrowserWorld } from './support/stripe-world';
import { openInEditor, writeReadyBook } from './support/journeys';
import { downloadOf } from './support/downloads';

/**
 * Access after a plan ends (issue 19), with Stripe played by the local Stripe-like server: an author pays,
 * writes a book and exports it; cancels in the portal (the app says when the plan ends, with "Keep my
 * plan"); the period ends. The account still signs in to its library, opens its book read-only with a
 * banner pointing to the plans, and exports an EPUB.
 */
describe.skipIf(!browserAvailable())('an account whose plan ended, in the browser', () => {
  const world = useStripeBrowserWorld();

  const currentUser = (page: Page) =>
    page.evaluate(
      async () => (await fetch('/api/v1/user/current-user')).json() as Promise<User & Record<string, unknown>>,
    );

  /** Opens the editor's Export dialog. */
  async function openExport(page: Page, header: Locator) {
    const dialog = page.getByRole('dialog');
    await header.getByRole('button', { name: 'Export' }).click();
    await dialog.getByRole('heading', { name: 'Export Your Book' }).waitFor();
    return dialog;
  }

  it('signs in to its library, reads its book read-only and exports an EPUB', { timeout: 300_000 }, async () => {
    const context = await world.browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
      // The plan's end reads "25 December" in en-GB (the app formats it in the browser's language).
      locale: 'en-GB',
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const title = 'The Keeper of Letters';

    // Pays for Starter on Stripe's Checkout.
    await signUpAndPayForStarter(page, world);
    await page.getByRole('link', { name: 'Start Writing' }).click();
    await page.waitForURL(`${world.system.url}/app`);

    // Writes a book and exports it once with the plan (the completion step stores the EPUB's metadata).
    const card = await writeReadyBook(page, world.system.url, title);
    let header = await openInEditor(page, card, title);
    let dialog = await openExport(page, header);
    await dialog.getByRole('button', { name: 'EPUB' }).click();
    await dialog.getByRole('heading', { name: 'Missing Required Metadata' }).waitFor();
    await dialog.getByLabel('Author').fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Generate a UUID' }).click();
    await downloadOf(page, ['Book exported successfully as EPUB!'], () =>
      dialog.getByRole('button', { name: 'Export EPUB' }).click(),
    );
    await dialog.waitFor({ state: 'hidden' });

    // Cancels in the Billing Portal: the app says when the plan ends, in the header and in Billing.
    const me = await currentUser(page);
    const subscriptionId = me.stripeSubscriptionId!;
    await world.deliver('customer.subscription.updated', world.stripe.cancelAtPeriodEnd(subscriptionId));
    await page.goto(`${world.system.url}/app`);
    const ends = page.getByRole('region', { name: 'Plan ending' });
    await ends.getByText(/^Your Starter plan ends on \d{1,2} \w+\.$/).waitFor();
    await ends.getByRole('button', { name: 'Keep my plan' }).waitFor();
    await page.goto(`${world.system.url}/app/settings?tab=billing`);
    const billing = page.getByTestId('billing-plan-ends');
    await billing.getByText(/^Your Starter plan ends on \d{1,2} \w+\.$/).waitFor();
    await billing.getByRole('button', { name: 'Keep my plan' }).waitFor();
    expect(await page.getByText('Next billing date').count()).toBe(0);
    // Stripe has a portal: its link shows, and no local "Cancel plan".
    await page.getByRole('button', { name: 'Cancel subscription or update billing details' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel plan' }).count()).toBe(0);

    // The period ends.
    await world.deliver('customer.subscription.deleted', world.stripe.endSubscription(subscriptionId));
    await expect.poll(async () => (await currentUser(page)).accountType).toBe('null');

    // Still the library, not a pricing page; the banner points to the plans; the book opens read-only.
    await page.goto(`${world.system.url}/app`);
    await page.getByRole('heading', { name: 'Your library', exact: true }).waitFor();
    await page.getByRole('region', { name: 'No plan' }).waitFor();
    expect(await page.getByLabel('What will your next book be about?').count()).toBe(0);
    header = await openInEditor(page, card, title);
    await page.getByTestId('read-only').waitFor();
    const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
    expect(await manuscript.getAttribute('contenteditable')).toBe('false');
    expect(await header.getByRole('button', { name: 'Save' }).count()).toBe(0);
    const violations = await seriousA11yViolations(page);
    expect(describeViolations(violations)).toBe(describeViolations([]));

    // Exports its book (its metadata is complete: EPUB exports at once).
    dialog = await openExport(page, header);
    const { download, bytes } = await downloadOf(page, ['Book exported successfully as EPUB!'], () =>
      dialog.getByRole('button', { name: 'EPUB' }).click(),
    );
    expect(download.suggestedFilename()).toBe(exportFileName(title, 'epub'));
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

    // The way to a plan is one click away.
    await page.getByRole('link', { name: 'Choose a plan to edit and write books' }).click();
    await page.waitForURL(`${world.system.url}/app/plans`);
    await page.getByRole('heading', { level: 1, name: 'Choose a plan' }).waitFor();

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
