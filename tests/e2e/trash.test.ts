import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { bookInReview, keeperOfLetters } from '../support/books';
import { browserAvailable, describeViolations, resize, seriousA11yViolations } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';

/**
 * The trash in a real browser against the whole system (issue 19): a book waiting for its review ("Action
 * needed") goes to the trash from its card menu, comes back with Undo, goes again, is restored from the Trash
 * view, goes a third time and is deleted forever. Every step goes through the server; the Trash view is
 * checked with axe at desktop and phone width. The author (Starter plan) and the book are made over the API:
 * signing up and describing a book in the UI is book-flow.test.ts's journey.
 */
describe.skipIf(!browserAvailable())('the trash in the browser', () => {
  const world = useBrowserWorld();
  // Screenshots of the steps when SHOTS_DIR is set.
  const shotsDir = useShotsDir();

  async function moveToTrash(page: Page, title: string) {
    await page.getByRole('button', { name: `Book actions: ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move this book to the trash?' });
    await dialog.getByRole('button', { name: 'Move to trash' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // The newest notification: an earlier one may still be fading out.
    await page.getByText('Book moved to trash').last().waitFor();
  }

  it(
    'moves a book to the trash, undoes it, restores it from the Trash view and deletes it forever',
    { timeout: 180_000 },
    async () => {
      const title = 'The Lighthouse Ledger';
      const { client, book } = await bookInReview(world.system, {
        plan: 'starter',
        request: { ...keeperOfLetters, title },
      });
      const context = await signedInContext(world, client, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto(`${world.system.url}/app`);
      const card = page.getByTestId('library-book').filter({ hasText: title });
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('validation');
      const bookId = book._id;

      // Move, then Undo from the notification: the card comes back.
      await moveToTrash(page, title);
      await card.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByText('Book restored').waitFor();
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('validation');

      // Move again; the Trash view lists it with when it will be deleted for good.
      await moveToTrash(page, title);
      await card.waitFor({ state: 'detached' });
      await page.getByRole('main').getByRole('link', { name: 'Trash' }).click();
      await page.waitForURL(`${world.system.url}/app/trash`);
      const row = page.getByTestId('trashed-book').filter({ hasText: title });
      await row.waitFor();
      expect(await row.getAttribute('data-book-id')).toBe(bookId);
      expect(await row.getByTestId('purge-at').textContent()).toMatch(
        /^Deleted for good on \d{1,2} \w+ \(in (29|30) days\)$/,
      );
      const problems: string[] = [];
      for (const [name, viewport] of Object.entries({
        desktop: { width: 1280, height: 800 },
        phone: { width: 390, height: 844 },
      })) {
        await resize(page, viewport);
        if (shotsDir) await page.screenshot({ path: `${shotsDir}/trash-${name}.png` });
        const violations = await seriousA11yViolations(page);
        if (violations.length > 0) problems.push(`trash at ${viewport.width}px:\n${describeViolations(violations)}`);
      }
      await resize(page, { width: 1280, height: 800 });
      expect(problems.join('\n\n')).toBe('');

      // Restore: back in the library, whole.
      await row.getByRole('button', { name: `Restore: ${title}` }).click();
      await page.getByText('Book restored').waitFor();
      await row.waitFor({ state: 'detached' });
      await page.getByText('The trash is empty.').waitFor();
      await page.getByRole('link', { name: 'Back to your library' }).click();
      await card.waitFor();
      expect(await card.getAttribute('data-status')).toBe('validation');

      // A third time, then Delete forever (after its confirmation): gone from both lists.
      await moveToTrash(page, title);
      await page.goto(`${world.system.url}/app/trash`);
      await row.getByRole('button', { name: `Delete forever: ${title}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this book forever?' });
      await confirm.getByRole('button', { name: 'Delete forever' }).click();
      await page.getByText('Book deleted forever').waitFor();
      await page.getByText('The trash is empty.').waitFor();
      const answer = await page.evaluate(async (id) => (await fetch(`/api/v1/book/${id}`)).status, bookId);
      expect(answer).toBe(404);
      await page.goto(`${world.system.url}/app`);
      await page.getByRole('heading', { name: 'Your library', exact: true }).waitFor();
      expect(await card.count()).toBe(0);

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
