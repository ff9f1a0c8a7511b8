import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { suggestedTranslationTitle, translationMessages } from '@bookwright/contracts/http';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../../services/export/src/testing/epubcheck';
import { decodeXml, openEpub } from '../../services/export/src/testing/epub-files';
import { readyBook } from '../support/books';
import { browserAvailable } from './support/browser';
import { signedInContext, useBrowserWorld } from './support/world';
import { openEditorOf, openInEditor } from './support/journeys';
import { downloadOf } from './support/downloads';

/**
 * The main journey continued (offline writer): the ready book is translated into French from the editor and
 * into Polish from its library card's menu; both new books show "Translated from …", translate with live
 * progress to ready, and export as EPUBs that declare their language, carry its diacritics and pass
 * epubcheck. The author (Starter plan) and the written book are made over the API: signing up and writing a
 * book in the UI is book-flow.test.ts's journey.
 */
describe.skipIf(!browserAvailable())('translating a book in the browser', () => {
  const world = useBrowserWorld();

  async function chooseLanguage(page: Page, label: string) {
    const dialog = page.getByRole('dialog', { name: 'Translate this book' });
    await dialog.waitFor();
    const options = await dialog.getByLabel('Translate into').locator('option').allTextContents();
    // The placeholder (nothing preselected), then every language of the product but the book's own.
    expect(options).toHaveLength(23);
    expect(options[0]).toBe('Choose a language…');
    expect(options).not.toContain('English');
    await dialog.getByLabel('Translate into').selectOption({ label });
    // A title in the new language is suggested, to be changed before anything starts.
    expect(await dialog.getByLabel('Title of the translation').inputValue()).toMatch(/ \(\p{Lu}[\p{L} ]+\)$/u);
    // The button names the language and what it spends ("…: uses 1 of N translations left this month").
    await dialog
      .getByRole('button', { name: new RegExp(`^Translate into ${label}: uses 1 of \\d+ translations? left`) })
      .click();
    await page.getByText(translationMessages.started).first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** EPUB export of the open translation through the completion step; returns the file's bytes. */
  async function exportEpub(page: Page, title: string, metadataLanguage: string): Promise<Buffer> {
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1, name: title }) });
    await header.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Export Your Book' }).waitFor();
    await dialog.getByRole('button', { name: 'EPUB' }).click();
    await dialog.getByRole('heading', { name: 'Missing Required Metadata' }).waitFor();
    // The translation's metadata carries its own language.
    expect(await dialog.getByLabel('Language').inputValue()).toBe(metadataLanguage);
    await dialog.getByLabel('Author').fill('Ada Lovelace');
    await dialog.getByRole('button', { name: 'Generate a UUID' }).click();
    const { bytes } = await downloadOf(page, ['Book exported successfully as EPUB!'], () =>
      dialog.getByRole('button', { name: 'Export EPUB' }).click(),
    );
    return bytes;
  }

  it(
    'translates the ready book into French and Polish and exports both as valid EPUBs',
    { timeout: 420_000 },
    async () => {
      if (!epubcheckAvailable) {
        if (process.env.CI) throw new Error(epubcheckMissingMessage);
        console.warn(`\n!! ${epubcheckMissingMessage}\n`);
      }
      const { client, book } = await readyBook(world.system, { plan: 'starter' });
      const context = await signedInContext(world, client, {
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const { title, _id: originalId } = book;

      // French from the editor's header.
      const header = await openEditorOf(page, world.system.url, book);
      await header.getByRole('button', { name: 'Translate' }).click();
      await chooseLanguage(page, 'French');

      // Polish from the library card's menu.
      await page.goto(`${world.system.url}/app`);
      const card = (language: string) => page.locator(`[data-testid="library-book"][data-language="${language}"]`);
      await card('english')
        .getByRole('button', { name: `Book actions: ${title}` })
        .click();
      await page.getByRole('menuitem', { name: 'Translate' }).click();
      await chooseLanguage(page, 'Polish');

      // Both appear as new books linked to the original, and translate to ready.
      for (const language of ['french', 'polish']) {
        await card(language).waitFor();
        expect(await card(language).getByTestId('translated-from').textContent()).toBe(`Translated from ${title}`);
        expect(await card(language).getAttribute('data-book-id')).not.toBe(originalId);
      }
      for (const language of ['french', 'polish'])
        await expect.poll(() => card(language).getAttribute('data-status'), { timeout: 120_000 }).toBe('ready');
      expect(await card('english').getAttribute('data-status')).toBe('ready');

      const expected = {
        french: { code: 'fr', heading: 'Chapitre 1', native: 'français' },
        polish: { code: 'pl', heading: 'Rozdział 1', native: 'polski' },
      } as const;
      for (const language of ['french', 'polish'] as const) {
        await page.goto(`${world.system.url}/app`);
        // The translation carries the suggested title of the dialog: the original's, with its language named.
        const translatedTitle = suggestedTranslationTitle(title, language);
        expect(translatedTitle).not.toBe(title);
        await openInEditor(page, card(language), translatedTitle);
        await page.getByTestId('translated-from').first().waitFor();
        const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
        await expect.poll(() => manuscript.textContent()).toContain(expected[language].heading);
        expect(await manuscript.textContent()).toContain(`(${expected[language].native})`);

        const epub = await exportEpub(page, translatedTitle, expected[language].code);
        expect(epub.subarray(0, 2).toString('latin1')).toBe('PK');
        const files = await openEpub(epub);
        const opf = files.names.find((name) => name.endsWith('.opf')) ?? '';
        expect(await files.text(opf)).toContain(`<dc:language>${expected[language].code}</dc:language>`);
        expect(decodeXml(await files.allText())).toContain(expected[language].heading);
        if (epubcheckAvailable) expect((await epubcheck(epub)).problems).toEqual([]);
      }

      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
