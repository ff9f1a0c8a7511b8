import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { metadataMessages } from '@bookwright/contracts/http';
import { readyBook } from '../support/books';
import { browserAvailable } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';
import { openEditorOf } from './support/journeys';

/**
 * On a ready book in a real browser (offline writer): 'Suggest with AI' fills the metadata form and the author
 * accepts and saves it; 'Rewrite' turns a paragraph into a demo rewrite that Ctrl+Z takes back; autosave keeps
 * three edits, a version named after the first is saved from 'History' and restored. The author (Starter plan)
 * and the written book are made over the API: signing up and writing a book in the UI is book-flow.test.ts's
 * journey.
 */
describe.skipIf(!browserAvailable())('AI metadata, rewriting and revision history in the browser', () => {
  const world = useBrowserWorld();
  // Screenshots of the steps when SHOTS_DIR is set.
  const shotsDir = useShotsDir();

  const shot = async (page: Page, name: string) => {
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
  };

  it(
    'suggests metadata, rewrites and undoes, autosaves, saves a named version and restores it',
    { timeout: 300_000 },
    async () => {
      const { client, book } = await readyBook(world.system, { plan: 'starter' });
      const context = await signedInContext(world, client, { viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const header = await openEditorOf(page, world.system.url, book);
      const manuscript = page.getByRole('textbox', { name: 'Manuscript' });

      // Metadata: suggest, accept into the form, save as usual.
      await page.getByRole('tab', { name: 'Metadata' }).click();
      const form = page.getByRole('form', { name: 'Book metadata' });
      await form.getByRole('button', { name: 'Suggest with AI' }).click();
      const suggestion = form.getByRole('region', { name: 'Suggested metadata' });
      await suggestion.waitFor();
      await shot(page, 'ai-01-metadata-suggestion');
      await suggestion.getByRole('button', { name: 'Accept' }).click();
      // The Description (rich text) shows the suggestion formatted, not as tags.
      const description = form.getByRole('textbox', { name: 'Description' });
      await expect.poll(() => description.textContent()).toContain('Demo description');
      expect(await description.textContent()).not.toContain('<');
      expect(await description.locator('strong').count()).toBeGreaterThan(0);
      await form.getByLabel('Author', { exact: true }).fill('Ada Lovelace');
      await form.getByRole('button', { name: 'Generate a UUID' }).click();
      await form.getByRole('button', { name: 'Save metadata' }).click();
      await page.getByText(metadataMessages.saved).first().waitFor();

      // Rewrite a paragraph, accept it, undo it.
      const paragraph = manuscript.locator('p').nth(2);
      const original = (await paragraph.textContent()) ?? '';
      expect(original.length).toBeGreaterThan(20);
      await paragraph.click({ clickCount: 3 });
      await header.getByRole('button', { name: 'Rewrite' }).click();
      const panel = page.getByRole('dialog', { name: 'Rewrite with AI' });
      await panel.getByRole('button', { name: 'Shorter' }).click();
      await expect.poll(() => panel.getByTestId('rewrite-result').textContent()).toContain('[Demo rewrite]');
      await shot(page, 'ai-02-rewrite-panel');
      await panel.getByRole('button', { name: 'Accept' }).click();
      await expect.poll(() => manuscript.textContent()).toContain('[Demo rewrite]');
      await page.keyboard.press('Control+z');
      await expect.poll(() => manuscript.textContent()).not.toContain('[Demo rewrite');
      expect(await manuscript.textContent()).toContain(original);

      // Autosave keeps each edit; 'Save a version' names the point to come back to, which is restored.
      const status = page.getByTestId('save-status');
      const history = page.getByRole('dialog', { name: 'Revision history' });
      const versions = history.getByRole('list', { name: 'Saved versions' }).getByRole('button');
      const named = versions.filter({ hasText: 'After the first edit' });
      for (const word of ['Firstsave', 'Secondsave', 'Thirdsave']) {
        await manuscript.click();
        await page.keyboard.press('Control+End');
        await page.keyboard.type(` ${word}`);
        await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe('All changes saved');
        if (word !== 'Firstsave') continue;
        await header.getByRole('button', { name: 'History' }).click();
        // The manuscript as the writer finished it is always kept.
        await versions.filter({ hasText: 'As written' }).waitFor();
        await history.getByLabel('Name (optional)').fill('After the first edit');
        await history.getByRole('button', { name: 'Save a version' }).click();
        await named.waitFor();
        await history.getByRole('button', { name: 'Close', exact: true }).click();
        await history.waitFor({ state: 'hidden' });
      }
      await header.getByRole('button', { name: 'History' }).click();
      await named.click();
      await expect.poll(() => history.getByTestId('revision-diff').textContent()).toContain('Thirdsave');
      const before = await versions.count();
      await shot(page, 'ai-03-history');
      await history.getByRole('button', { name: 'Restore this version' }).click();
      await expect.poll(() => manuscript.textContent()).not.toContain('Secondsave');
      const text = (await manuscript.textContent()) ?? '';
      expect(text).toContain('Firstsave');
      // A restore keeps the text it replaces as a version first: History lists one more.
      await header.getByRole('button', { name: 'History' }).click();
      await expect.poll(() => versions.count()).toBeGreaterThan(before);
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
