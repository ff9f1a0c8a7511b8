import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { browserAvailable } from './support/browser';
import {
  caretAtParagraphEnd,
  caretAtParagraphStart,
  openLiveBook,
  useSharedLiveBook,
  sharedBook,
  shownBlocks,
  storedBlocks,
  storedChapterCount,
  storedWhen,
  type Person,
} from './support/live-books';
import { useBrowserWorld, useShotsDir } from './support/world';

/** The chapter list's text for a manuscript without chapters (web/src/features/collab/texts.ts `collabTexts.noChapters`). */
const collabNoChapters = 'The manuscript has no chapters yet.';

/**
 * Issue 44 in a real browser against the whole system (both modes: CI's servers run keeps this suite): one
 * written book shared with a co-author and a viewer (over the API; sharing.test.ts walks that in the UI), each
 * person in a browser context of their own. Two people typing in one paragraph at once converge and the
 * stored chapters are what the pages show; a viewer cannot type; a page offline keeps its edits, also when
 * closed, and they merge when it is back; each page shows who else is here; three people opening a freshly
 * shared book at the same moment each see its chapters once.
 */
describe.skipIf(!browserAvailable())('live books in the browser', () => {
  const world = useBrowserWorld(() => ({ LLM_OFFLINE_LATENCY_MS: '0' }));
  const shots = useShotsDir();
  const live = useSharedLiveBook(world, { coauthor: ['Grace', 'Hopper'], viewer: ['Vera', 'Viewer'] });
  const url = () => world.system.url;

  const person = (role: 'coauthor' | 'viewer'): Person => live.shared.people[role]!;
  async function open(who: Person): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await live.open(who);
    return opened;
  }
  it(
    'opens a freshly shared book on three pages at once with its chapters once, on every page and stored',
    { timeout: 240_000 },
    async () => {
      // A book nobody has opened live yet: its shared document is filled from the stored chapters by the
      // first load, which the three pages race for (the spec: "must not double its content").
      const fresh = await sharedBook(world, { coauthor: ['Hedy', 'Lamarr'], editor: ['Emmy', 'Noether'] });
      const chapters = storedChapterCount(fresh.book.bookContent);
      expect(chapters).toBeGreaterThan(1);
      const people = [fresh.owner, fresh.people.coauthor!, fresh.people.editor!];
      const pages = await Promise.all(people.map(async (who) => (await open(who)).page));
      await Promise.all(pages.map((page) => openLiveBook(page, url(), fresh.book._id)));

      const headings = (page: Page) => page.locator('#manuscript > h1').count();
      for (const page of pages) {
        expect(await headings(page)).toBe(chapters);
        await page.getByTestId('chapter-list').waitFor({ timeout: 15_000 });
        expect(await page.getByTestId('chapter-entry').count()).toBe(chapters);
        expect(await page.getByText(collabNoChapters).count()).toBe(0);
      }
      const shown = await shownBlocks(pages[0]!);
      expect(shown).toEqual(storedBlocks(fresh.book.bookContent));
      for (const page of pages.slice(1)) expect(await shownBlocks(page)).toEqual(shown);

      // Whatever the opening stored is what the pages show, and no later save brought a second copy.
      const stored = await storedWhen(fresh.owner.client, fresh.book._id, (blocks) => blocks.length > 0);
      expect(storedBlocks(stored.bookContent)).toEqual(shown);
      expect(storedChapterCount(stored.bookContent)).toBe(chapters);
      for (const page of pages) expect(await shownBlocks(page)).toEqual(shown);
    },
  );

  it(
    'converges when two people type in one paragraph at once, and stores what the pages show',
    { timeout: 180_000 },
    async () => {
      const { page: ownerPage } = await open(live.shared.owner);
      const { page: coauthorPage } = await open(person('coauthor'));
      await Promise.all([ownerPage, coauthorPage].map((page) => openLiveBook(page, url(), live.shared.book._id)));
      const paragraph = 1;
      await caretAtParagraphStart(ownerPage, paragraph);
      await caretAtParagraphEnd(coauthorPage, paragraph);

      const ownerWords = 'Ada wrote this at the start. ';
      const coauthorWords = ' Grace wrote this at the end.';
      await Promise.all([
        ownerPage.keyboard.type(ownerWords, { delay: 15 }),
        coauthorPage.keyboard.type(coauthorWords, { delay: 15 }),
      ]);
      const both = (blocks: string[]) =>
        blocks[0] !== undefined &&
        blocks.some((block) => block.startsWith(ownerWords) && block.endsWith(coauthorWords));
      await expect.poll(async () => both(await shownBlocks(ownerPage)), { timeout: 15_000 }).toBe(true);
      await expect.poll(async () => both(await shownBlocks(coauthorPage)), { timeout: 15_000 }).toBe(true);
      const shown = await shownBlocks(ownerPage);
      expect(await shownBlocks(coauthorPage)).toEqual(shown);

      const saved = await storedWhen(live.shared.owner.client, live.shared.book._id, both);
      expect(storedBlocks(saved.bookContent)).toEqual(shown);
    },
  );

  it('keeps a viewer from typing, in their page and in everyone else’s', { timeout: 180_000 }, async () => {
    const { page: ownerPage } = await open(live.shared.owner);
    const { page: viewerPage } = await open(person('viewer'));
    const manuscript = await openLiveBook(viewerPage, url(), live.shared.book._id);
    await openLiveBook(ownerPage, url(), live.shared.book._id);
    expect(await manuscript.getAttribute('contenteditable')).toBe('false');
    expect(await manuscript.getAttribute('aria-readonly')).toBe('true');
    const before = await shownBlocks(viewerPage);
    await viewerPage.locator('#manuscript > p').nth(2).click();
    await viewerPage.keyboard.type('A viewer’s words. ');
    expect(await shownBlocks(viewerPage)).toEqual(before);

    // An edit of the owner's made after the viewer typed reaches the viewer: had the viewer's words gone out,
    // they would have reached the owner before it.
    await caretAtParagraphStart(ownerPage, 2);
    await ownerPage.keyboard.type('The owner’s words. ');
    await expect
      .poll(async () => (await shownBlocks(viewerPage)).some((block) => block.startsWith('The owner’s words. ')), {
        timeout: 15_000,
      })
      .toBe(true);
    for (const page of [ownerPage, viewerPage])
      expect((await shownBlocks(page)).some((block) => block.includes('A viewer’s words'))).toBe(false);
    expect((await shownBlocks(viewerPage)).length).toBe(before.length);
  });

  it(
    'keeps the edits of a page offline, and of one closed offline, and merges them when it is back',
    { timeout: 240_000 },
    async () => {
      const { page: ownerPage } = await open(live.shared.owner);
      const { context: awayContext, page: awayPage } = await open(person('coauthor'));
      const away = await withCuttableLiveSocket(awayContext);
      await Promise.all([ownerPage, awayPage].map((page) => openLiveBook(page, url(), live.shared.book._id)));

      // Offline, the co-author types in chapter 1 while the owner edits another paragraph of it.
      await away.setOffline(true);
      await caretAtParagraphStart(awayPage, 3);
      await awayPage.keyboard.type('Typed offline. ');
      await awayPage.locator('[data-testid="save-status"][data-state="offline"]').waitFor({ timeout: 15_000 });
      await caretAtParagraphStart(ownerPage, 4);
      await ownerPage.keyboard.type('Typed online meanwhile. ');
      const holdsBoth = (blocks: string[]) =>
        blocks.some((block) => block.startsWith('Typed offline. ')) &&
        blocks.some((block) => block.startsWith('Typed online meanwhile. '));
      expect(holdsBoth(await shownBlocks(ownerPage))).toBe(false);

      await away.setOffline(false);
      for (const page of [ownerPage, awayPage])
        await expect.poll(async () => holdsBoth(await shownBlocks(page)), { timeout: 30_000 }).toBe(true);
      await storedWhen(live.shared.owner.client, live.shared.book._id, holdsBoth);

      // Offline again, the co-author types and closes the page; the copy on this device (IndexedDB of the
      // context) carries the edit to the next time the book is opened online.
      await away.setOffline(true);
      await caretAtParagraphStart(awayPage, 5);
      await awayPage.keyboard.type('Kept on this device. ');
      await awayPage.locator('[data-testid="save-status"][data-state="offline"]').waitFor({ timeout: 15_000 });
      await writtenToLocalCopy(awayPage, live.shared.book._id);
      await awayPage.close();
      await away.setOffline(false);
      const kept = (blocks: string[]) => blocks.some((block) => block.startsWith('Kept on this device. '));
      expect(kept(await shownBlocks(ownerPage))).toBe(false);

      const again = await awayContext.newPage();
      again.on('pageerror', (error) => live.errors.push(`reopened: ${error.message}`));
      await openLiveBook(again, url(), live.shared.book._id);
      for (const page of [ownerPage, again])
        await expect.poll(async () => kept(await shownBlocks(page)), { timeout: 30_000 }).toBe(true);
      await storedWhen(live.shared.owner.client, live.shared.book._id, (blocks) => kept(blocks) && holdsBoth(blocks));
      expect(await shownBlocks(again)).toEqual(await shownBlocks(ownerPage));
    },
  );

  it('shows the other person’s avatar in the header and their name on their caret', { timeout: 180_000 }, async () => {
    const { page: ownerPage } = await open(live.shared.owner);
    const { page: coauthorPage } = await open(person('coauthor'));
    await Promise.all([ownerPage, coauthorPage].map((page) => openLiveBook(page, url(), live.shared.book._id)));
    await caretAtParagraphStart(ownerPage, 0);
    await caretAtParagraphStart(coauthorPage, 1);
    const co = person('coauthor');

    await ownerPage.getByRole('img', { name: `${co.name} is in this book` }).waitFor({ timeout: 15_000 });
    await coauthorPage
      .getByRole('img', { name: `${live.shared.owner.name} is in this book` })
      .waitFor({ timeout: 15_000 });
    // Nobody sees themselves among the others.
    expect(await ownerPage.getByRole('img', { name: `${live.shared.owner.name} is in this book` }).count()).toBe(0);
    const caret = ownerPage.locator(`[data-testid="collab-caret"][data-user-id="${co.id}"]`);
    await caret.waitFor({ timeout: 15_000 });
    expect(await caret.getAttribute('data-user-name')).toBe(co.name);
    expect((await caret.textContent())?.replace(/\u2060/g, '')).toBe(co.name);
    expect(
      await ownerPage.locator(`[data-testid="collab-caret"][data-user-id="${live.shared.owner.id}"]`).count(),
    ).toBe(0);
    await coauthorPage
      .locator(`[data-testid="collab-caret"][data-user-id="${live.shared.owner.id}"]`)
      .waitFor({ timeout: 15_000 });

    if (shots) await photograph([ownerPage, coauthorPage], shots);
  });
});

/**
 * Waits until the page's copy on this device has taken every edit made so far: y-indexeddb writes each update
 * in a transaction of its own, and IndexedDB runs a transaction over the same store only after those begun
 * before it, so a read of the store that completes comes after them.
 */
async function writtenToLocalCopy(page: Page, bookId: string): Promise<void> {
  const count = await page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(new Error(String(request.error)));
        request.onsuccess = () => {
          const read = request.result.transaction('updates', 'readonly').objectStore('updates').count();
          read.onsuccess = () => {
            request.result.close();
            resolve(read.result);
          };
          read.onerror = () => reject(new Error(String(read.error)));
        };
      }),
    `bookwright:book:${bookId}`,
  );
  expect(count).toBeGreaterThan(0);
}

/**
 * The two pages side by side at each width and colour scheme (their avatars and each other's carets): each
 * photographed, then both shown next to each other in a page of their own and that photographed.
 */
async function photograph(pages: Page[], dir: string): Promise<void> {
  const browser = pages[0]!.context().browser()!;
  const board = await browser.newPage();
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      const images: string[] = [];
      for (const page of pages) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width < 640 ? 844 : 800 });
        // Two frames drawn: the media queries evaluated again and what they change rendered.
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        images.push((await page.screenshot()).toString('base64'));
      }
      await board.setViewportSize({ width: width * 2 + 24, height: width < 640 ? 844 : 800 });
      await board.setContent(
        `<body style="margin:0;display:flex;gap:24px;background:#888">${images
          .map((image) => `<img src="data:image/png;base64,${image}">`)
          .join('')}</body>`,
      );
      await board.screenshot({ path: `${dir}/live-editing-two-pages-${colorScheme}-${width}.png` });
    }
  await board.close();
}

/**
 * A context whose live socket goes offline with it. Chromium's offline emulation stops what is under way, but
 * lets a WebSocket to this host connect again while "offline", and the provider reconnects within a second or
 * two: the collab socket is routed here, cut when the context goes offline and refused until it is back.
 */
async function withCuttableLiveSocket(context: BrowserContext) {
  let offline = false;
  const sockets = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/collab/, (socket) => {
    if (offline) return socket.close({ code: 1001, reason: 'offline' });
    socket.connectToServer();
    sockets.add(socket);
    socket.onClose(() => sockets.delete(socket));
  });
  return {
    async setOffline(value: boolean) {
      offline = value;
      await context.setOffline(value);
      if (value) await Promise.all([...sockets].map((socket) => socket.close({ code: 1001, reason: 'offline' })));
    },
  };
}
