import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { a11yViolations, browserAvailable, describeViolations, switchColorScheme } from './support/browser';
import {
  caretAtParagraphEnd,
  caretAtParagraphStart,
  openLiveBook,
  useSharedLiveBook,
  shownBlocks,
  storedWhen,
  type Person,
} from './support/live-books';
import { useBrowserWorld, useShotsDir } from './support/world';

/** The suggestions' bar and its words (web/src/features/collab/suggestions/suggestionTexts.ts). */
const bar = (page: Page): Locator => page.getByRole('region', { name: 'Suggestions' });
const suggestingSwitch = (page: Page): Locator => bar(page).getByRole('switch', { name: 'Suggesting' });
const suggestionsShown = (page: Page): Locator => page.locator('#manuscript .suggestion');

/**
 * Issue 44's suggestions in a real browser against the whole system (both modes): a written book shared
 * with a co-author and an editor, each in a browser context of their own. An editor's edits are always
 * suggestions, shown on every page with their name; the owner accepts one in their page and the co-author
 * rejects another in theirs, every page and the stored chapters follow, and undo takes an acceptance back.
 * The owner's own Suggesting switch; another person's live edits never become suggestions; a chapter's
 * suggestions rejected at once; a block's formatting (a paragraph centred) suggested and rejected.
 */
describe.skipIf(!browserAvailable())('suggestions in a live book', () => {
  const world = useBrowserWorld(() => ({ LLM_OFFLINE_LATENCY_MS: '0' }));
  const shots = useShotsDir();
  const live = useSharedLiveBook(world, { coauthor: ['Grace', 'Hopper'], editor: ['Emmy', 'Noether'] });
  const url = () => world.system.url;

  const person = (role: 'coauthor' | 'editor'): Person => live.shared.people[role]!;
  async function openAs(who: Person): Promise<Page> {
    const opened = await live.open(who);
    await openLiveBook(opened.page, url(), live.shared.book._id);
    return opened.page;
  }
  /**
   * The id of the suggestion holding a text on a page, once there is one: a suggestion's text may be drawn in
   * several pieces (another person's caret inside it splits it), all with its id.
   */
  async function suggestionIdWith(page: Page, text: string): Promise<string | undefined> {
    return page.evaluate((wanted) => {
      const texts = new Map<string, string>();
      for (const element of Array.from(document.querySelectorAll<HTMLElement>('#manuscript .suggestion'))) {
        const id = element.dataset['suggestionId'] ?? '';
        texts.set(id, (texts.get(id) ?? '') + (element.textContent ?? ''));
      }
      for (const [id, shown] of texts) if (shown.replace(/\u200B/g, '').includes(wanted)) return id;
      return undefined;
    }, text);
  }
  /** The first piece of that suggestion, waited for. */
  async function suggestionWith(page: Page, text: string): Promise<Locator> {
    await expect.poll(() => suggestionIdWith(page, text), { timeout: 15_000 }).toBeDefined();
    const id = (await suggestionIdWith(page, text))!;
    return page.locator(`#manuscript .suggestion[data-suggestion-id="${id}"]`).first();
  }

  it(
    'shows an editor’s suggestions with their name; one is accepted in one page and another rejected in another',
    { timeout: 240_000 },
    async () => {
      const editor = person('editor');
      const [ownerPage, coauthorPage, editorPage] = await Promise.all([
        openAs(live.shared.owner),
        openAs(person('coauthor')),
        openAs(editor),
      ]);

      // The editor's switch is on and locked, and says why; their text is writable.
      const locked = suggestingSwitch(editorPage);
      expect(await locked.getAttribute('aria-checked')).toBe('true');
      expect(await locked.getAttribute('aria-disabled')).toBe('true');
      await bar(editorPage).getByText('Your edits are suggestions').waitFor();
      expect(await editorPage.locator('#manuscript').getAttribute('contenteditable')).toBe('true');
      // The owner's is off; nobody but the owner and co-authors decides.
      expect(await suggestingSwitch(ownerPage).getAttribute('aria-checked')).toBe('false');

      const kept = 'Kept by the owner. ';
      const dropped = 'Dropped by the co-author. ';
      await caretAtParagraphStart(editorPage, 1);
      await editorPage.keyboard.type(kept, { delay: 10 });
      await caretAtParagraphStart(editorPage, 3);
      await editorPage.keyboard.type(dropped, { delay: 10 });

      // Every page shows both as insertions by the editor, in the text, with their name.
      for (const page of [ownerPage, coauthorPage, editorPage]) {
        const first = await suggestionWith(page, kept.trim());
        expect(await first.getAttribute('data-author-id')).toBe(editor.id);
        await suggestionWith(page, dropped.trim());
      }
      expect(await (await suggestionWith(ownerPage, kept.trim())).getAttribute('title')).toBe(
        `${editor.name} suggested adding this`,
      );
      expect(await (await suggestionWith(editorPage, kept.trim())).getAttribute('title')).toBe(
        'You suggested adding this',
      );
      // An editor has nothing to decide.
      await (await suggestionWith(editorPage, kept.trim())).click();
      await bar(editorPage).getByTestId('current-suggestion').waitFor();
      expect(
        await bar(editorPage)
          .getByRole('button', { name: /^Accept/ })
          .count(),
      ).toBe(0);

      // The owner accepts the first in their page; the co-author rejects the second in theirs.
      await (await suggestionWith(ownerPage, kept.trim())).click();
      await bar(ownerPage).getByText(`${editor.name}: add “${kept.trim()}”`).waitFor();
      await bar(ownerPage)
        .getByRole('button', { name: `Accept ${editor.name}’s suggestion` })
        .click();
      await (await suggestionWith(coauthorPage, dropped.trim())).click();
      await bar(coauthorPage)
        .getByRole('button', { name: `Reject ${editor.name}’s suggestion` })
        .click();

      const decided = (blocks: string[]) =>
        blocks.some((block) => block.startsWith(kept)) && !blocks.some((block) => block.includes(dropped.trim()));
      for (const page of [ownerPage, coauthorPage, editorPage]) {
        await expect.poll(async () => decided(await shownBlocks(page)), { timeout: 15_000 }).toBe(true);
        await expect.poll(() => suggestionsShown(page).count(), { timeout: 15_000 }).toBe(0);
      }
      // The rejection and the acceptance were made on two pages and may be stored by two saves.
      const stored = await storedWhen(
        live.shared.owner.client,
        live.shared.book._id,
        (blocks, content) => decided(blocks) && !content.includes('"insertion"'),
      );
      expect(stored.bookContent).not.toContain('"insertion"');

      // Undo on the owner's page takes the acceptance back: the words are a suggestion again, everywhere.
      await ownerPage.locator('#manuscript').focus();
      await ownerPage.keyboard.press('Control+z');
      for (const page of [ownerPage, editorPage]) await suggestionWith(page, kept.trim());
      expect(decided(await shownBlocks(ownerPage))).toBe(true);
    },
  );

  it(
    'lets the owner suggest for themselves, keeps a co-author’s live edits direct, and rejects a chapter’s suggestions at once',
    { timeout: 240_000 },
    async () => {
      const [ownerPage, coauthorPage, editorPage] = await Promise.all([
        openAs(live.shared.owner),
        openAs(person('coauthor')),
        openAs(person('editor')),
      ]);
      const original = await paragraphText(editorPage, 5);
      await suggestingSwitch(ownerPage).click();
      expect(await suggestingSwitch(ownerPage).getAttribute('aria-checked')).toBe('true');

      // In one paragraph (so one chapter): the editor deletes its first word; the owner, suggesting, adds at its end.
      await caretAtParagraphStart(editorPage, 5);
      await editorPage.keyboard.down('Shift');
      for (let i = 0; i < 4; i += 1) await editorPage.keyboard.press('ArrowRight');
      await editorPage.keyboard.up('Shift');
      // The browser tells the editor of a selection made by keys a moment later (selectionchange): two frames.
      await editorPage.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      await editorPage.keyboard.press('Backspace');
      await suggestionWith(ownerPage, original.slice(0, 4));
      const ownerWords = ' The owner suggests this.';
      await caretAtParagraphEnd(ownerPage, 5);
      await ownerPage.keyboard.type(ownerWords, { delay: 10 });
      // Meanwhile the co-author writes directly elsewhere.
      const coauthorWords = 'The co-author writes this. ';
      await caretAtParagraphStart(coauthorPage, 2);
      await coauthorPage.keyboard.type(coauthorWords, { delay: 10 });

      expect(await (await suggestionWith(ownerPage, ownerWords.trim())).getAttribute('data-author-id')).toBe(
        live.shared.owner.id,
      );
      // The deleted word is still in the text, struck through, named for the editor.
      const deleted = await suggestionWith(ownerPage, original.slice(0, 4));
      expect(await deleted.getAttribute('class')).toContain('suggestion-deletion');
      expect(await deleted.getAttribute('data-author-id')).toBe(person('editor').id);
      expect(await paragraphText(ownerPage, 5)).toBe(original + ownerWords);
      // The co-author's words reached the suggesting owner's page as they are: no suggestion of anyone's.
      await expect
        .poll(async () => (await paragraphText(ownerPage, 2)).startsWith(coauthorWords), { timeout: 15_000 })
        .toBe(true);
      expect(await suggestionIdWith(ownerPage, coauthorWords.trim())).toBeUndefined();

      // The suggestions, the bar and its switch and buttons pass axe in both schemes (what they add to the page).
      for (const scheme of ['light', 'dark'] as const) {
        await switchColorScheme(ownerPage, scheme);
        const found = (await a11yViolations(ownerPage))
          .map((v) => ({
            ...v,
            nodes: v.nodes.filter((n) => /suggestion|Suggesting|role="switch"|in chapter/.test(n.html)),
          }))
          .filter((v) => v.nodes.length > 0);
        expect(describeViolations(found), scheme).toBe('');
      }

      if (shots)
        await photograph([ownerPage, editorPage], shots, async (page) => {
          // On a phone the side panel opens as a sheet over the text: closed, and the suggestions in view.
          const close = page.getByRole('button', { name: 'Close book details' });
          if (await close.isVisible()) await close.click();
          await (await suggestionWith(page, ownerWords.trim())).scrollIntoViewIfNeeded();
        });

      // The co-author rejects every suggestion in the chapter: the owner's words go, the deleted word stays.
      await (await suggestionWith(coauthorPage, ownerWords.trim())).click();
      await bar(coauthorPage).getByRole('button', { name: 'Reject all in chapter' }).click();
      for (const page of [ownerPage, coauthorPage, editorPage]) {
        await expect.poll(() => paragraphText(page, 5), { timeout: 15_000 }).toBe(original);
        await expect.poll(() => suggestionsShown(page).count(), { timeout: 15_000 }).toBe(0);
      }
    },
  );

  it(
    'suggests an editor’s centring of a paragraph, shown with their name, which the owner rejects in their page',
    { timeout: 180_000 },
    async () => {
      const editor = person('editor');
      const [ownerPage, editorPage] = await Promise.all([openAs(live.shared.owner), openAs(editor)]);
      const index = 4;
      // Found by its whole text (the demo book repeats sentences; another person's caret may stand at its start):
      // a block suggestion's marks wrap the paragraph in elements of their own (<div data-type>).
      const words = await paragraphText(editorPage, index);
      const block = (page: Page) => page.locator('#manuscript p', { hasText: words });
      const stored = async () =>
        (await live.shared.owner.client.get<{ bookContent?: string | null }>(`/api/v1/book/${live.shared.book._id}`))
          .body.bookContent ?? '';

      await caretAtParagraphStart(editorPage, index);
      await editorPage
        .getByRole('toolbar', { name: 'Formatting' })
        .getByRole('button', { name: 'Align center' })
        .click();

      // A block suggestion: the paragraph itself is marked, centred, named for the editor, on both pages and stored.
      for (const page of [editorPage, ownerPage]) {
        await expect
          .poll(() => block(page).getAttribute('class'), { timeout: 15_000 })
          .toContain('suggestion-modification');
        expect(await block(page).getAttribute('data-author-id')).toBe(editor.id);
        expect(await block(page).evaluate((element) => getComputedStyle(element).textAlign)).toBe('center');
      }
      expect(await block(ownerPage).getAttribute('title')).toBe(`${editor.name} suggested this formatting`);
      await expect.poll(stored, { timeout: 30_000 }).toContain('"modification"');

      if (shots) await photographWithPanel(ownerPage, shots, block(ownerPage));

      await block(ownerPage).click({ position: { x: 1, y: 4 } });
      await bar(ownerPage).getByText(`${editor.name}: centre`).waitFor();
      await bar(ownerPage)
        .getByRole('button', { name: `Reject ${editor.name}’s suggestion` })
        .click();
      for (const page of [ownerPage, editorPage]) {
        await expect
          .poll(() => block(page).evaluate((element) => getComputedStyle(element).textAlign), { timeout: 15_000 })
          .not.toBe('center');
        expect((await block(page).getAttribute('class')) ?? '').not.toContain('suggestion');
      }
      await expect.poll(stored, { timeout: 30_000 }).not.toContain('"modification"');
    },
  );
});

/** A paragraph's text as the reader sees it: carets' names and the library's zero-width anchors left out. */
function paragraphText(page: Page, index: number): Promise<string> {
  return page.evaluate((at) => {
    const paragraph = document.querySelectorAll('#manuscript > p')[at];
    if (!paragraph) return '';
    const copy = paragraph.cloneNode(true) as HTMLElement;
    for (const caret of Array.from(copy.querySelectorAll('[data-testid="collab-caret"]'))) caret.remove();
    return (copy.textContent ?? '').replace(/\u200B/g, '');
  }, index);
}

/** The pages side by side at each width and colour scheme, as live-editing.test.ts photographs them. */
async function photograph(pages: Page[], dir: string, prepare: (page: Page) => Promise<void>): Promise<void> {
  const browser = pages[0]!.context().browser()!;
  const board = await browser.newPage();
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      const images: string[] = [];
      for (const page of pages) {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height: width < 640 ? 844 : 800 });
        await prepare(page);
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
      await board.screenshot({ path: `${dir}/live-suggestions-${colorScheme}-${width}.png` });
    }
  await board.close();
}

/**
 * The owner's page with the editor here (their avatar), a block suggestion and a comment on a word of it, the
 * side panel open on the comment and then on the chapters (where each person is), at each width and scheme.
 */
async function photographWithPanel(page: Page, dir: string, block: Locator): Promise<void> {
  await block.dblclick();
  await page.keyboard.press('Control+Alt+KeyM');
  await page.getByRole('textbox', { name: 'Your comment' }).fill('Centred on purpose?');
  await page.getByRole('button', { name: 'Post comment' }).click();
  await page.getByTestId('comment-thread').first().waitFor();
  for (const colorScheme of ['light', 'dark'] as const)
    for (const width of [1280, 390]) {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: width < 640 ? 844 : 800 });
      const show = page.getByRole('button', { name: 'Show book details' });
      for (const tab of ['Comments', 'Chapters']) {
        if (await show.isVisible()) await show.click();
        await page.getByRole('tab', { name: tab }).click();
        await block.scrollIntoViewIfNeeded();
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        await page.screenshot({ path: `${dir}/live-panel-${tab.toLowerCase()}-${colorScheme}-${width}.png` });
      }
      // And the manuscript itself on a phone: the sheet closed.
      const close = page.getByRole('button', { name: 'Close book details' });
      if (await close.isVisible()) {
        await close.click();
        // A tap on the commented word puts the caret there: the sheet stays closed over a phone's manuscript.
        await page.locator('#manuscript mark.comment-anchor').first().click();
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        expect(await close.isVisible()).toBe(false);
        await page.screenshot({ path: `${dir}/live-panel-closed-${colorScheme}-${width}.png` });
      }
    }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}
