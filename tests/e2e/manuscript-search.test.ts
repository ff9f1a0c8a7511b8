import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chaptersOf, documentText, type TiptapDocument } from '@bookwright/contracts/http';
import { readyBook } from '../support/books';
import { browserAvailable } from './support/browser';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';

/**
 * The sidebar's search of the manuscripts, on a book the offline writer wrote (issue 47): a word from the
 * middle of the book finds its passages, and a passage opens the editor with the word selected, in view,
 * in that chapter.
 */
describe.skipIf(!browserAvailable())('searching the manuscripts from the sidebar', () => {
  const world = useBrowserWorld();
  const shotsDir = useShotsDir();

  it('finds a word in the text and opens the editor at the passage', { timeout: 180_000 }, async () => {
    const { client, book } = await readyBook(world.system, { plan: 'starter' });
    const chapters = chaptersOf(JSON.parse(book.bookContent!) as TiptapDocument);
    // A long word of the third chapter: the passage to open is not at the book's start.
    const third = documentText({ type: 'doc', content: chapters[2]!.blocks });
    const word = third.match(/\p{L}{8,}/u)![0];

    const context = await signedInContext(world, client, { viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${world.system.url}/app`);
    const sidebar = page.getByRole('complementary', { name: 'Sidebar' });
    await sidebar.getByRole('searchbox', { name: 'Search books' }).fill(word.toUpperCase());
    const found = sidebar.getByRole('group', { name: 'IN THE MANUSCRIPTS' });
    const passages = found.getByRole('listitem').first().getByRole('link');
    await passages.nth(1).waitFor();
    expect(await found.locator('mark').first().textContent()).toMatch(new RegExp(`^${word}$`, 'iu'));
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/manuscript-search-sidebar-light-1280.png` });

    // The first passage (the title's link goes there too); its chapter is the one the selection must be in.
    const href = (await passages.nth(1).getAttribute('href'))!;
    const chapter = Number(new URL(href, world.system.url).searchParams.get('chapter'));
    await passages.nth(1).click();
    await page.waitForURL(/\/app\/edit\/[0-9a-f-]{36}\?chapter=\d+&q=/);
    await page.getByRole('textbox', { name: 'Manuscript' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => window.getSelection()?.toString() ?? ''))
      .toMatch(new RegExp(`^${word}$`, 'iu'));
    const where = await page.evaluate(() => {
      const selection = window.getSelection()!;
      const rect = selection.getRangeAt(0).getBoundingClientRect();
      // The chapter the selection is in: how many chapter headings come before it.
      const headings = Array.from(document.querySelectorAll('#manuscript > h1'));
      const node = selection.anchorNode!;
      const before = headings.filter(
        (heading) => heading.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).length;
      // In view: inside the manuscript's own scrolling pane.
      let pane = (node as Element).parentElement;
      while (pane && pane.scrollHeight <= pane.clientHeight) pane = pane.parentElement;
      const frame = pane!.getBoundingClientRect();
      return { top: rect.top - frame.top, bottom: rect.bottom - frame.top, height: frame.height, before };
    });
    expect(where.top).toBeGreaterThanOrEqual(0);
    expect(where.bottom).toBeLessThanOrEqual(where.height);
    // Chapters count from 0 and this book has no text before its first heading: chapter n follows n + 1 headings.
    expect(where.before).toBe(chapter + 1);
    if (shotsDir) await shootOpened(page, shotsDir, href);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

/** The editor opened at the passage: this page at 1280 and 1920 px light, and a phone's first visit (390 px, dark). */
async function shootOpened(page: Page, dir: string, href: string) {
  await page.screenshot({ path: `${dir}/manuscript-search-opened-light-1280.png` });
  await page.setViewportSize({ width: 1920, height: 1000 });
  await page.screenshot({ path: `${dir}/manuscript-search-opened-light-1920.png` });
  const phone = await page
    .context()
    .newPage()
    .then(async (next) => {
      await next.setViewportSize({ width: 390, height: 844 });
      await next.emulateMedia({ colorScheme: 'dark' });
      return next;
    });
  await phone.goto(new URL(href, page.url()).toString());
  await expect.poll(() => phone.evaluate(() => window.getSelection()?.toString() ?? '')).not.toBe('');
  await phone.screenshot({ path: `${dir}/manuscript-search-opened-dark-390.png` });
  await phone.close();
}
