import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ManuscriptImportResponse } from '@bookwright/contracts/http';
import { newAccount } from '../support/test-system';
import { a11yViolations, browserAvailable, describeViolations } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';

/** The pandoc-written Word file of the import's tests with a map and two photos, each with alt text. */
const fixture = new URL('../../services/export/src/import/fixtures/images-book.docx', import.meta.url);

/**
 * Images inside chapters (issue 46) in the web editor: a Word file with pictures imported over the API, the
 * book opened in the editor at both widths and in both schemes; each image is shown (loaded through the
 * gateway's image route with the author's session) with its alt text, and the page is axe clean. Selecting
 * an image opens the field of its alt text.
 */
describe.skipIf(!browserAvailable())('images inside chapters in the editor', () => {
  const world = useBrowserWorld();
  const shots = useShotsDir();

  /** Selecting an image opens the field of its alt text; what is typed there becomes the image's alt. */
  async function describeTheMap(page: Page, name: string) {
    const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
    const field = manuscript.getByRole('textbox', { name: 'Image description (alt text)' });
    expect(await field.count()).toBe(0);
    await manuscript.getByRole('img', { name: /hand-drawn map/ }).click();
    await field.waitFor();
    if (shots) await page.screenshot({ path: `${shots}/chapter-images-alt-text-${name}.png` });
    const violations = await a11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await field.fill('The valley on the old map');
    await field.press('Enter');
    await manuscript.getByRole('img', { name: 'The valley on the old map' }).waitFor();
  }

  it(
    'shows the imported images with their alt text, at 390 and 1280 px, light and dark',
    { timeout: 300_000 },
    async () => {
      const client = world.system.client();
      await client.post('/api/v1/auth/sign-up', newAccount());
      await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await readFile(fixture))]), 'images-book.docx');
      const imported = await client.request<ManuscriptImportResponse>('POST', '/api/v1/book/import', {
        multipart: form,
      });
      expect(imported.status).toBe(201);
      const bookId = imported.body.book._id;

      for (const width of [390, 1280]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const context = await signedInContext(world, client, { viewport: { width, height: 900 }, colorScheme });
          const page = await context.newPage();
          const pageErrors: string[] = [];
          page.on('pageerror', (error) => pageErrors.push(error.message));
          await page.goto(`${world.system.url}/app/edit/${bookId}`);
          const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
          const map = manuscript.getByRole('img', { name: /hand-drawn map of the valley/ });
          await map.scrollIntoViewIfNeeded();
          await expect
            .poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), {
              timeout: 30_000,
            })
            .toBe(96);
          expect(
            await manuscript.getByRole('img').evaluateAll((images) => images.map((i) => i.getAttribute('alt'))),
          ).toEqual([
            'A hand-drawn map of the valley, the river winding from west to east',
            'The evening sky with a low sun',
            'The lighthouse above the dark sea',
          ]);
          const box = await map.boundingBox();
          expect(box?.width ?? 0).toBeLessThanOrEqual(width);
          if (shots) await page.screenshot({ path: `${shots}/chapter-images-${colorScheme}-${width}.png` });
          const violations = await a11yViolations(page);
          expect(violations, describeViolations(violations)).toEqual([]);
          // Last: the change of the alt text may be saved, and the book is then no longer as imported.
          if (width === 1280 && colorScheme === 'dark') await describeTheMap(page, `${colorScheme}-${width}`);
          expect(pageErrors).toEqual([]);
          await context.close();
        }
      }
    },
  );
});
