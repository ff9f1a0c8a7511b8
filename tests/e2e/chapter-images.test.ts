import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { imageMessages, type Book, type ManuscriptImportResponse } from '@bookwright/contracts/http';
import { photo } from '@bookwright/kit/images/testing';
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
      const { client, bookId } = await importedBook(
        new Blob([new Uint8Array(await readFile(fixture))]),
        'images-book.docx',
      );

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

  /**
   * A new author's book imported from Markdown, open in the editor at 1280 px with the caret at the end of its
   * paragraph "The valley lay quiet…"; the page's script errors are collected.
   */
  async function editingImported(markdown: string) {
    const { client, bookId } = await importedBook(new Blob([markdown]), 'valley.md');
    const context = await signedInContext(world, client, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world.system.url}/app/edit/${bookId}`);
    const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
    await manuscript.getByText('The valley lay quiet').click();
    await page.keyboard.press('End');
    return { client, bookId, context, page, pageErrors, manuscript };
  }

  /**
   * A new image's alt text field has the focus (the author is asked to describe it); `alt` is typed there, and
   * the image then shows, loaded at its `width` px. `whileAsked` runs while the field waits.
   */
  async function describeNewImage(manuscript: Locator, alt: string, width: number, whileAsked?: () => Promise<void>) {
    const field = manuscript.getByRole('textbox', { name: 'Image description (alt text)' });
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await whileAsked?.();
    await field.fill(alt);
    await field.press('Enter');
    const image = manuscript.getByRole('img', { name: alt });
    await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(width);
  }

  /** Saves at once (Ctrl+S) and waits for the editor to say so. */
  async function saveNow(page: Page) {
    await page.keyboard.press('Control+s');
    await expect
      .poll(() => page.getByTestId('save-status').textContent(), { timeout: 30_000 })
      .toBe('All changes saved');
  }

  /** A new author on Starter with one book, imported from `file` over the API (ready at once, no AI). */
  async function importedBook(file: Blob, name: string) {
    const client = world.system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const form = new FormData();
    form.append('file', file, name);
    const imported = await client.request<ManuscriptImportResponse>('POST', '/api/v1/book/import', {
      multipart: form,
    });
    expect(imported.status).toBe(201);
    return { client, bookId: imported.body.book._id };
  }

  /** Chooses `file` in the file picker the toolbar's "Insert image" button opens. */
  async function insertImage(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Insert image' }).click();
    await (await chooser).setFiles(file);
  }

  /**
   * Pastes (a ClipboardEvent) or drops (a DragEvent at the middle of `target`) a PNG file into the
   * manuscript, as the browser hands a copied or dragged picture to the page: a DataTransfer holding the file.
   */
  async function transferPng(page: Page, how: 'paste' | 'drop', png: Buffer, name: string, target?: Locator) {
    const box = target ? await target.boundingBox() : null;
    const at = box ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
    await page.getByRole('textbox', { name: 'Manuscript' }).evaluate(
      (editor, { how, bytes, name, at }) => {
        const transfer = new DataTransfer();
        transfer.items.add(
          new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type: 'image/png' }),
        );
        const init = { bubbles: true, cancelable: true };
        editor.dispatchEvent(
          how === 'paste'
            ? new ClipboardEvent('paste', { ...init, clipboardData: transfer })
            : new DragEvent('drop', { ...init, dataTransfer: transfer, clientX: at!.x, clientY: at!.y }),
        );
      },
      { how, bytes: png.toString('base64'), name, at },
    );
  }

  it(
    'stores an image pasted into the manuscript and one dropped on it, each described and saved',
    { timeout: 300_000 },
    async () => {
      const { client, bookId, context, page, pageErrors, manuscript } = await editingImported(
        '# Chapter One\n\nThe valley lay quiet under the snow.\n\nThe river ran dark below the pass.\n',
      );

      await transferPng(page, 'paste', await photo(320, 200, 'png'), 'pasted.png');
      await describeNewImage(manuscript, 'A pasted sketch of the valley', 320);

      // Dropped on the second paragraph: it lands there, after the pasted one.
      await transferPng(
        page,
        'drop',
        await photo(240, 240, 'png'),
        'dropped.png',
        manuscript.getByText('The river ran dark'),
      );
      await describeNewImage(manuscript, 'A dropped photo of the river', 240);
      expect(await page.getByRole('alert').count()).toBe(0);
      if (shots) await page.screenshot({ path: `${shots}/chapter-images-pasted-and-dropped-light-1280.png` });

      await saveNow(page);
      const saved = JSON.parse((await client.get<Book>(`/api/v1/book/${bookId}`)).body.bookContent!) as {
        content: { type: string; attrs?: { src?: string; alt?: string } }[];
      };
      const images = saved.content.filter((node) => node.type === 'image').map((node) => node.attrs!);
      expect(images.map((image) => image.alt)).toEqual([
        'A pasted sketch of the valley',
        'A dropped photo of the river',
      ]);
      // Each one stored under the book, served to its author.
      for (const { src } of images) {
        expect(src).toMatch(new RegExp(`^/api/v1/book/${bookId}/images/[a-f0-9]{32}$`));
        const served = await client.binary('GET', src!);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/png');
      }
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );

  it(
    'inserts an image from the toolbar, asks for its alt text, saves it, and says why a file is refused',
    { timeout: 300_000 },
    async () => {
      const { client, bookId, context, page, pageErrors, manuscript } = await editingImported(
        '# Chapter One\n\nThe valley lay quiet under the snow.\n',
      );

      // Not an image: the server's words under the toolbar, nothing inserted.
      await insertImage(page, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
      await page.getByRole('alert').filter({ hasText: imageMessages.notAnImage }).waitFor();
      expect(await manuscript.getByRole('img').count()).toBe(0);

      await insertImage(page, { name: 'valley.png', mimeType: 'image/png', buffer: await photo(480, 320, 'png') });
      // The new image is selected and its alt text field has the focus: the author is asked to describe it.
      await describeNewImage(manuscript, 'The valley under snow', 480, async () => {
        expect(await page.getByRole('alert').count()).toBe(0);
        if (shots) await page.screenshot({ path: `${shots}/chapter-images-inserted-alt-text-light-1280.png` });
      });
      await saveNow(page);
      const saved = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
      expect(saved.bookContent).toMatch(
        new RegExp(`"src":"/api/v1/book/${bookId}/images/[a-f0-9]{32}","alt":"The valley under snow"`),
      );
      expect(pageErrors).toEqual([]);
      await context.close();

      // The saved image at both widths, in both schemes, axe clean.
      for (const width of [390, 1280]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          const shown = await signedInContext(world, client, { viewport: { width, height: 900 }, colorScheme });
          const view = await shown.newPage();
          await view.goto(`${world.system.url}/app/edit/${bookId}`);
          const image = view
            .getByRole('textbox', { name: 'Manuscript' })
            .getByRole('img', { name: 'The valley under snow' });
          await expect.poll(() => image.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(480);
          expect((await image.boundingBox())?.width ?? 0).toBeLessThanOrEqual(width);
          if (shots) await view.screenshot({ path: `${shots}/chapter-images-inserted-${colorScheme}-${width}.png` });
          const violations = await a11yViolations(view);
          expect(violations, describeViolations(violations)).toEqual([]);
          await shown.close();
        }
      }
    },
  );
});
