import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { coverMessages, exportFileName, metadataMessages } from '@bookwright/contracts/http';
import { testImage } from '@bookwright/ai/testing';
import { readyBook } from '../support/books';
import { manuscript } from './support/books';
import { browserAvailable, describeViolations, resize, seriousA11yViolations } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';
import { downloadOf } from './support/downloads';
import { openEditorOf } from './support/journeys';

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;

/**
 * The editor's Cover and Export dialogs in a real browser against the whole system in one process (the
 * offline writer and cover designer): a ready book gets an AI cover (applied by its stored URL, shown in the
 * header with the green check), is exported as EPUB through the metadata completion step, and as KDP
 * interior PDF and complete ZIP; the files arrive under the spec's names. Every new state is checked with axe at
 * desktop and phone width. The author (Starter plan) and the written book are made over the API: signing up
 * and writing a book in the UI is book-flow.test.ts's journey.
 */
describe.skipIf(!browserAvailable())('covers and exports in the browser', () => {
  const world = useBrowserWorld();
  // Screenshots of the steps when SHOTS_DIR is set.
  const shotsDir = useShotsDir();

  const problems: string[] = [];
  /**
   * axe at both widths (and the screenshots when asked for), then back to the desktop size. `sweep: false`
   * takes the screenshots alone, for a state axe has read already: the editor under a success toast is step
   * 06's (the cover's toast), whichever export's toast it is.
   */
  async function step(page: Page, name: string, { sweep = true } = {}) {
    if (!sweep && !shotsDir) return;
    for (const [device, viewport] of Object.entries(viewports)) {
      await resize(page, viewport);
      if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}-${device}.png` });
      if (!sweep) continue;
      const violations = await seriousA11yViolations(page);
      if (violations.length > 0) problems.push(`${name} at ${viewport.width}px:\n${describeViolations(violations)}`);
    }
    await resize(page, viewports.desktop);
  }

  it(
    'generates and applies a cover, and exports EPUB, a KDP interior and the complete ZIP',
    { timeout: 300_000 },
    async () => {
      const { client, book } = await readyBook(world.system, { plan: 'starter' });
      const title = book.title;
      expect(title).toBe('The Keeper of Letters');
      // A shorter manuscript (12 chapters, 8,000 words: some 40 pages at 6 × 9 in, above KDP's 24-page floor
      // that the PDF steps need) in place of the 25,000 written: axe reads every paragraph at each of the 28
      // checks, which took most of this suite's time on the whole book. The exports of a whole written book
      // are tests/api/covers-and-exports.test.ts's.
      const shortened = await client.patch(`/api/v1/book/content/${book._id}`, {
        bookContent: JSON.stringify(manuscript(8_000)),
      });
      expect(shortened.status).toBe(200);
      const context = await signedInContext(world, client, { viewport: viewports.desktop, acceptDownloads: true });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const header = await openEditorOf(page, world.system.url, book);
      expect(await header.getByText('Cover added').count()).toBe(0);
      await step(page, '01-editor');

      // Cover: Upload Your Own (nothing chosen: 'No image to upload'; then a PNG) → applied.
      await header.getByRole('button', { name: 'Generate Cover' }).click();
      const coverDialog = page.getByRole('dialog');
      await coverDialog.getByRole('heading', { name: 'Book Cover' }).waitFor();
      await step(page, '02-cover-choice');
      await coverDialog.getByRole('button', { name: 'Upload Your Own' }).click();
      await coverDialog.getByText('PNG, JPG up to 10MB').waitFor();
      const picker = coverDialog.getByLabel('Cover image');
      expect(await picker.getAttribute('accept')).toBe('image/*');
      await coverDialog.getByRole('button', { name: 'Apply Cover' }).click();
      await page.getByText(coverMessages.noImage).waitFor();
      await step(page, '03-cover-upload');
      await picker.setInputFiles({
        name: 'my-cover.png',
        mimeType: 'image/png',
        buffer: await testImage(800, 1200, 'png'),
      });
      const chosen = coverDialog.getByRole('img', { name: 'Preview of the chosen cover' });
      await expect.poll(() => chosen.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(800);
      await step(page, '03b-cover-upload-preview');
      await coverDialog.getByRole('button', { name: 'Apply Cover' }).click();
      await page.getByText(coverMessages.uploaded).waitFor();
      await page.getByText('Cover image updated successfully!').waitFor();
      await coverDialog.waitFor({ state: 'hidden' });
      await header.getByText('Cover added').waitFor();
      const thumbnail = header.locator('img');
      const uploadedSrc = await thumbnail.getAttribute('src');
      expect(uploadedSrc).toMatch(/^\/api\/v1\/book\/[\w-]+\/cover-image\/[\w-]+\/web$/);

      // Change Cover → Generate with AI (the offline designer) → preview → Use This Cover.
      await page.getByText(coverMessages.uploaded).waitFor({ state: 'hidden' });
      await header.getByRole('button', { name: 'Change Cover' }).click();
      await coverDialog.getByRole('heading', { name: 'Book Cover' }).waitFor();
      await coverDialog.getByRole('button', { name: 'Generate with AI' }).click();
      await coverDialog.getByRole('heading', { name: 'Generate with AI' }).waitFor();
      expect(await coverDialog.getByLabel('Art Style').inputValue()).toBe('realistic');
      expect(await coverDialog.getByLabel('Dimensions').inputValue()).toBe('1024x1536');
      await coverDialog.getByLabel('Mood').selectOption('mysterious');
      await coverDialog.getByLabel(/Additional Description/).fill('A lighthouse at dusk above a stormy sea');
      await step(page, '04-cover-options');
      await coverDialog.getByRole('button', { name: 'Generate Cover' }).click();
      const preview = coverDialog.getByRole('img', { name: 'Generated cover preview' });
      await preview.waitFor({ timeout: 60_000 });
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await step(page, '05-cover-preview');
      await coverDialog.getByRole('button', { name: 'Use This Cover' }).click();
      await page.getByText(coverMessages.uploaded).waitFor();
      await page.getByText('Cover image updated successfully!').waitFor();
      await coverDialog.waitFor({ state: 'hidden' });
      await header.getByText('Cover added').waitFor();
      await header.getByRole('button', { name: 'Change Cover' }).waitFor();
      await expect.poll(() => thumbnail.getAttribute('src')).not.toBe(uploadedSrc);
      expect(await thumbnail.getAttribute('src')).toMatch(/^\/api\/v1\/book\/[\w-]+\/cover-image\/[\w-]+\/web$/);
      await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await step(page, '06-cover-applied');

      // Export → EPUB: author, identifier and language are missing → the completion step, then the file.
      const exportDialog = page.getByRole('dialog');
      const openExport = async () => {
        await header.getByRole('button', { name: 'Export' }).click();
        await exportDialog.getByRole('heading', { name: 'Export Your Book' }).waitFor();
      };
      await openExport();
      await step(page, '07-export-formats');
      // Keyboard: Escape closes, and the focus goes back to the Export button.
      await page.keyboard.press('Escape');
      await exportDialog.waitFor({ state: 'hidden' });
      // The dialog gives the focus back as it unmounts, which can land just after it is hidden.
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Export');
      await openExport();
      await exportDialog.getByRole('button', { name: 'EPUB' }).click();
      await exportDialog.getByRole('heading', { name: 'Missing Required Metadata' }).waitFor();
      const exportEpub = exportDialog.getByRole('button', { name: 'Export EPUB' });
      expect(await exportEpub.isDisabled()).toBe(true);
      expect(await exportDialog.getByLabel('Title').inputValue()).toBe(title);
      // A new book's metadata language is the language it is written in.
      expect(await exportDialog.getByLabel('Language').inputValue()).toBe('en');
      await exportDialog.getByLabel('Author').fill('Ada Lovelace');
      expect(await exportEpub.isDisabled()).toBe(true);
      await exportDialog.getByRole('button', { name: 'Generate a UUID' }).click();
      expect(await exportEpub.isEnabled()).toBe(true);
      await step(page, '08-export-metadata');
      const epub = await downloadOf(page, ['Book exported successfully as EPUB!', metadataMessages.saved], () =>
        exportEpub.click(),
      );
      expect(epub.download.suggestedFilename()).toBe(exportFileName(title, 'epub'));
      expect(epub.download.suggestedFilename()).toBe('The Keeper of Letters.epub');
      expect(epub.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await exportDialog.waitFor({ state: 'hidden' });
      await step(page, '09-export-epub-done', { sweep: false });
      // The side panel's metadata form shows what the completion step saved.
      await page.getByRole('tab', { name: 'Metadata' }).click();
      expect(await page.getByLabel('Author', { exact: true }).inputValue()).toBe('Ada Lovelace');
      expect(await page.getByLabel('Language').inputValue()).toBe('en');

      // Export → PDF - Amazon KDP → Interior Only.
      await openExport();
      await exportDialog.getByRole('button', { name: 'PDF - Amazon KDP' }).click();
      await exportDialog.getByRole('heading', { name: 'PDF Export Options' }).waitFor();
      await exportDialog.getByText(/^\d+ pages in print$/).waitFor({ timeout: 30_000 });
      expect(await exportDialog.getByRole('radio', { name: /6 × 9 in/ }).isChecked()).toBe(true);
      expect(await exportDialog.getByRole('radio', { name: /Cover Only/ }).isEnabled()).toBe(true);
      await step(page, '10-export-pdf-options');
      // KDP binds no 5 × 8 in hardcover: the warnings panel, and Generate PDF keeps the options open.
      await exportDialog.getByRole('radio', { name: /5 × 8 in/ }).check();
      await exportDialog.getByRole('radio', { name: /^Hardcover/ }).check();
      const warnings = exportDialog.getByTestId('export-warnings');
      await warnings.waitFor();
      await exportDialog.getByRole('button', { name: 'Generate PDF' }).click();
      await page.getByText('Some requirements are not met. Check the warnings.').waitFor();
      await expect.poll(() => warnings.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await warnings.isVisible()).toBe(true);
      await step(page, '10b-export-pdf-warnings');
      expect(await exportDialog.getByRole('heading', { name: 'PDF Export Options' }).isVisible()).toBe(true);
      await exportDialog.getByRole('radio', { name: /6 × 9 in/ }).check();
      await exportDialog.getByRole('radio', { name: 'Paperback', exact: true }).check();
      await warnings.waitFor({ state: 'detached' });
      await exportDialog.getByRole('radio', { name: 'Cream' }).check();
      await exportDialog.getByText(/^\d+ pages in print$/).waitFor();
      const interior = await downloadOf(page, ['Book exported successfully as PDF!'], () =>
        exportDialog.getByRole('button', { name: 'Generate PDF' }).click(),
      );
      expect(interior.download.suggestedFilename()).toBe('The Keeper of Letters_KDP_Interior.pdf');
      expect(interior.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      await exportDialog.waitFor({ state: 'hidden' });

      // Export → PDF → Both as ZIP (the options were reset by the close: white paper, interior).
      await openExport();
      await exportDialog.getByRole('button', { name: 'PDF - Amazon KDP' }).click();
      expect(await exportDialog.getByRole('radio', { name: 'White' }).isChecked()).toBe(true);
      expect(await exportDialog.getByRole('radio', { name: /Interior Only/ }).isChecked()).toBe(true);
      await exportDialog.getByRole('radio', { name: /Both as ZIP/ }).check();
      await exportDialog.getByText(/^\d+ pages in print$/).waitFor({ timeout: 30_000 });
      await step(page, '11-export-pdf-both');
      const generate = exportDialog.getByRole('button', { name: 'Generate PDF' });
      const both = await downloadOf(page, ['Both interior and cover PDFs exported successfully!'], async () => {
        await generate.click();
        await exportDialog.getByRole('button', { name: 'Generating PDF...' }).waitFor();
        await step(page, '12-export-generating');
      });
      expect(both.download.suggestedFilename()).toBe('The Keeper of Letters_KDP_Complete.zip');
      expect(both.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      await step(page, '13-export-both-done', { sweep: false });

      expect(pageErrors).toEqual([]);
      expect(problems.join('\n\n')).toBe('');
      await context.close();
    },
  );
});
