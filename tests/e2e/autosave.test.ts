import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { readyBook } from '../support/books';
import { browserAvailable } from './support/browser';
import { signIn, useBrowserWorld, useShotsDir } from './support/world';

/**
 * Issue 19 in a real browser (offline writer): the editor saves by itself, keeps what the server does not
 * have on the device, and never lets one tab overwrite another's text.
 *
 * One author and one written book serve every test (writing a book takes most of a minute), made over the API
 * (signing up and writing a book in the UI is book-flow.test.ts's journey); each test opens the editor in pages
 * of its own.
 */
describe.skipIf(!browserAvailable())('autosave and conflict-safe saves in the browser', () => {
  const world = useBrowserWorld();
  const shotsDir = useShotsDir();
  let context: BrowserContext;
  let editorUrl: string;

  beforeAll(async () => {
    context = await world.browser.newContext({ viewport: { width: 1280, height: 800 } });
  });

  // Made by the first test that runs, within its budget: writing a book on a busy machine can outlast a hook's.
  let written: Promise<string> | undefined;
  const writtenBook = () =>
    (written ??= (async () => {
      const { client, book } = await readyBook(world.system, { plan: 'starter' });
      await signIn(context, world, client);
      return `${world.system.url}/app/edit/${book._id}`;
    })());
  afterAll(async () => {
    await context?.close();
  });

  /** A page of the shared context on the book's editor, with its page errors collected. */
  async function openEditor(on: BrowserContext = context) {
    editorUrl = await writtenBook();
    const page = await on.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(editorUrl);
    const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
    await manuscript.waitFor();
    return { page, manuscript, status: page.getByTestId('save-status'), errors };
  }

  /** Types at the very end of the manuscript. */
  async function typeAtEnd(page: Page, manuscript: Locator, text: string) {
    await manuscript.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(text);
  }

  const savedText = 'All changes saved';

  it('saves with no click on Save: the text survives a reload', { timeout: 300_000 }, async () => {
    const { page, manuscript, status, errors } = await openEditor();
    expect(await status.textContent()).toBe(savedText);
    await typeAtEnd(page, manuscript, ' Autosaved without a click.');
    await expect.poll(() => status.textContent(), { timeout: 30_000 }).toBe(savedText);
    await page.reload();
    await manuscript.waitFor();
    expect(await manuscript.textContent()).toContain('Autosaved without a click.');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps text typed offline on the device, and saves it once back online', { timeout: 300_000 }, async () => {
    const { page, manuscript, status } = await openEditor();
    await context.setOffline(true);
    try {
      await typeAtEnd(page, manuscript, ' Typed on a train without signal.');
      await expect
        .poll(() => status.textContent(), { timeout: 30_000 })
        .toBe('Offline: changes are kept on this device');
      // Gone without a goodbye, as a closed laptop or a crashed tab: the draft is all there is.
      await page.close({ runBeforeUnload: false });
    } finally {
      await context.setOffline(false);
    }
    const again = await openEditor();
    await expect.poll(() => again.manuscript.textContent()).toContain('Typed on a train without signal.');
    // The server still held the version the draft was made from: the draft is saved as it is.
    await expect.poll(() => again.status.textContent(), { timeout: 30_000 }).toBe(savedText);
    expect(await again.page.getByRole('dialog').count()).toBe(0);
    await again.page.reload();
    await again.manuscript.waitFor();
    expect(await again.manuscript.textContent()).toContain('Typed on a train without signal.');
    await again.page.close();
  });

  it(
    'two pages on one book: both texts are kept, one in the manuscript, the other as a named version',
    {
      timeout: 300_000,
    },
    async () => {
      const first = await openEditor();
      const second = await openEditor();
      await typeAtEnd(first.page, first.manuscript, ' Written in the first tab.');
      await expect.poll(() => first.status.textContent(), { timeout: 30_000 }).toBe(savedText);

      // The second page still holds the version from before the first one's save.
      await typeAtEnd(second.page, second.manuscript, ' Written in the second tab.');
      const dialog = second.page.getByRole('dialog', { name: 'This book was changed in another tab or device' });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await dialog.getByTestId('conflict-mine').textContent()).toContain('Written in the second tab.');
      expect(await dialog.getByTestId('conflict-other').textContent()).toContain('Written in the first tab.');
      await dialog.getByRole('button', { name: 'Keep mine' }).click();
      await expect.poll(() => second.status.textContent(), { timeout: 30_000 }).toBe(savedText);

      // The manuscript holds the second tab's text; the first tab's is a named version in History.
      await first.page.reload();
      await first.manuscript.waitFor();
      const text = (await first.manuscript.textContent()) ?? '';
      expect(text).toContain('Written in the second tab.');
      expect(text).not.toContain('Written in the first tab.');
      await first.page.getByRole('button', { name: 'History' }).click();
      const history = first.page.getByRole('dialog', { name: 'Revision history' });
      const kept = history
        .getByRole('list', { name: 'Saved versions' })
        .getByRole('button')
        .filter({ hasText: /Kept from another tab, \d\d:\d\d/ });
      await kept.first().waitFor();
      await kept.first().click();
      await expect
        .poll(() => history.getByTestId('revision-diff').textContent())
        .toContain('Written in the first tab.');
      expect([...first.errors, ...second.errors]).toEqual([]);
      await first.page.close();
      await second.page.close();
    },
  );

  it(
    'a text changed on the server while the author edits: the author chooses, and the other is kept',
    {
      timeout: 300_000,
    },
    async () => {
      // The offline writer cannot be made to finish a chapter of a book that is already ready (the editor opens
      // ready books only): the manuscript is changed under the author by another client of the API instead,
      // which is what the writer's, a restore's or a rewrite's change looks like to the editor (a new ETag).
      const { page, manuscript, status } = await openEditor();
      const bookId = new URL(editorUrl).pathname.split('/').pop()!;
      const xsrf = (await context.cookies(world.system.url)).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
      const current = await page.request.get(`${world.system.url}/api/v1/book/${bookId}`);
      const book = (await current.json()) as { bookContent: string };
      const doc = JSON.parse(book.bookContent) as { type: string; content: unknown[] };
      doc.content.push({ type: 'paragraph', content: [{ type: 'text', text: 'A chapter finished elsewhere.' }] });
      // No If-Match: an API client's last write wins, as before issue 19.
      const changed = await page.request.patch(`${world.system.url}/api/v1/book/content/${bookId}`, {
        headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf), 'Content-Type': 'application/json' },
        data: { bookContent: JSON.stringify(doc) },
      });
      expect(changed.status()).toBe(200);

      await typeAtEnd(page, manuscript, ' The author went on typing.');
      const dialog = page.getByRole('dialog', { name: 'This book was changed in another tab or device' });
      await dialog.waitFor({ timeout: 30_000 });
      expect(await dialog.getByTestId('conflict-other').textContent()).toContain('A chapter finished elsewhere.');
      // The dialog opens on where the texts differ, marked, not on Chapter 1 of both: every passage it steps
      // through together holds both sides' words, each marked as whose it is.
      const differences = dialog.getByTestId('conflict-differences');
      const heading = (await differences.getByRole('heading').textContent()) ?? '';
      const count = Number(/^Difference 1 of (\d+)/.exec(heading)?.[1]);
      expect(count).toBeGreaterThan(0);
      const marked: string[] = [];
      for (let at = 1; at <= count; at++) {
        await expect
          .poll(() => differences.getByRole('heading').textContent())
          .toContain(`Difference ${at} of ${count}`);
        if (shotsDir) await shootBothSchemes(page, `conflict-difference-${at}`);
        marked.push(...(await differences.locator('ins, del').allTextContents()));
        if (at < count) await differences.getByRole('button', { name: 'Next' }).click();
      }
      expect(marked.join(' ')).toContain('The author went on typing.');
      expect(marked.join(' ')).toContain('A chapter finished elsewhere.');
      await dialog.getByRole('button', { name: 'Use the other' }).click();
      await expect.poll(() => manuscript.textContent()).toContain('A chapter finished elsewhere.');
      expect(await manuscript.textContent()).not.toContain('The author went on typing.');
      await expect.poll(() => status.textContent()).toBe(savedText);

      const revisions = await page.request.get(`${world.system.url}/api/v1/book/${bookId}/revisions`);
      const named = ((await revisions.json()) as { id: string; name: string | null }[]).filter((r) =>
        /^Kept from another tab, \d\d:\d\d$/.test(r.name ?? ''),
      );
      expect(named.length).toBeGreaterThan(0);
      const texts = await Promise.all(
        named.map(async (r) => {
          const answer = await page.request.get(`${world.system.url}/api/v1/book/${bookId}/revisions/${r.id}`);
          return ((await answer.json()) as { bookContent: string }).bookContent;
        }),
      );
      expect(texts.some((t) => t.includes('The author went on typing.'))).toBe(true);
      await page.close();
    },
  );
});

/** The page at 1280 and 390 px, light and dark, into SHOTS_DIR (the dialogs are looked at, not only read). */
async function shootBothSchemes(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  const size = page.viewportSize();
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 844 });
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
    }
  await page.emulateMedia({ colorScheme: 'light' });
  if (size) await page.setViewportSize(size);
}
