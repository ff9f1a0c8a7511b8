import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { CommentThread } from '@bookwright/contracts/http';
import {
  a11yViolations,
  browserAvailable,
  describeViolations,
  resize,
  settled,
  switchColorScheme,
} from './support/browser';
import { openLiveBook, type Person, useSharedLiveBook } from './support/live-books';
import { useBrowserWorld, useShotsDir } from './support/world';

/**
 * Issue 44's comments in a real browser against the whole system (both modes): one written book shared with a
 * co-author and a commenter (over the API), each in a browser context of their own. A comment stays on its
 * text while the text around it changes, on every page and after a reload (its anchor still resolves); a
 * commenter's comment (no mark: their connection is read-only) is found by its quote, and a comment whose
 * text is deleted is kept, "on deleted text".
 */
describe.skipIf(!browserAvailable())('comments in the live editor', () => {
  const world = useBrowserWorld(() => ({ LLM_OFFLINE_LATENCY_MS: '0' }));
  const shots = useShotsDir();
  const live = useSharedLiveBook(world, { coauthor: ['Grace', 'Hopper'], commenter: ['Carl', 'Commenter'] });
  const url = () => world.system.url;

  async function open(who: Person): Promise<Page> {
    const opened = await live.open(who);
    await openLiveBook(opened.page, url(), live.shared.book._id);
    return opened.page;
  }
  const threads = async () =>
    (await live.shared.owner.client.get<CommentThread[]>(`/api/v1/book/${live.shared.book._id}/comments`)).body;

  it(
    'keeps a comment on its text while the text around it changes, on both pages and after a reload',
    { timeout: 240_000 },
    async () => {
      const ownerPage = await open(live.shared.owner);
      const coauthorPage = await open(live.shared.people.coauthor!);
      const quote = await middleSentence(ownerPage, 1);

      // The owner selects the sentence and comments on it with the keyboard (Ctrl+Alt+M).
      await selectText(ownerPage, quote);
      await ownerPage.keyboard.press('Control+Alt+KeyM');
      const field = ownerPage.getByRole('textbox', { name: 'Your comment' });
      await field.waitFor();
      await field.fill('Is this sentence needed?');
      await ownerPage.getByRole('button', { name: 'Post comment' }).click();
      await ownerPage.getByTestId('comment-thread').first().waitFor();

      // Both pages show it on exactly the quoted text (the co-author's from the stream's event and the mark).
      for (const page of [ownerPage, coauthorPage])
        await expect.poll(() => highlighted(page), { timeout: 15_000 }).toEqual([quote]);

      // The co-author types before the paragraph, at its end, and just before and just after the quote.
      await caretAt(coauthorPage, quote, 'before');
      await coauthorPage.keyboard.type('Right before. ', { delay: 10 });
      await caretAt(coauthorPage, quote, 'after');
      await coauthorPage.keyboard.type(' Right after.', { delay: 10 });
      await caretAtBlock(coauthorPage, 1, 'start');
      await coauthorPage.keyboard.type('At the start. ', { delay: 10 });
      await caretAtBlock(coauthorPage, 1, 'end');
      await coauthorPage.keyboard.type(' At the end.', { delay: 10 });
      const edited = (blocks: string) =>
        ['Right before. ', ' Right after.', 'At the start. ', ' At the end.'].every((words) => blocks.includes(words));
      for (const page of [ownerPage, coauthorPage]) {
        await expect.poll(async () => edited(await paragraph(page, 1)), { timeout: 15_000 }).toBe(true);
        expect(await highlighted(page)).toEqual([quote]);
      }

      // Stored and opened again: the anchor (the mark, markId) still resolves to the same text.
      const [thread] = await threads();
      expect(thread?.anchor.markId).toBeTruthy();
      expect(thread?.onDeletedText).toBe(false);
      await openLiveBook(ownerPage, url(), live.shared.book._id);
      await expect.poll(() => highlighted(ownerPage), { timeout: 15_000 }).toEqual([quote]);

      // Choosing the thread in the panel selects its text in the manuscript.
      await ownerPage.getByRole('tab', { name: 'Comments' }).click();
      await ownerPage.getByRole('button', { name: `Show in the text: ${quote}` }).click();
      // tiptap focuses the editor on the next frame: the selection is waited for.
      const selected = () => ownerPage.evaluate(() => document.getSelection()?.toString() ?? '');
      await expect
        .poll(selected, { timeout: 5_000 })
        .toBe(quote)
        .catch(async (error: unknown) => {
          const focused = await ownerPage.evaluate(() => document.activeElement?.outerHTML.slice(0, 160));
          throw new Error(`${String(error)}; focus on ${focused}`);
        });
      expect(await ownerPage.locator('mark.comment-anchor-active').allTextContents()).toEqual([quote]);
      if (shots) await photograph(ownerPage, shots, 'live-comments');
    },
  );

  it(
    "finds a commenter's comment by its quote, and keeps it on deleted text when its text goes",
    { timeout: 180_000 },
    async () => {
      const ownerPage = await open(live.shared.owner);
      const commenterPage = await open(live.shared.people.commenter!);
      const quote = await middleSentence(commenterPage, 3);

      await selectText(commenterPage, quote);
      await commenterPage.getByTestId('comment-bubble').click();
      await commenterPage.getByRole('textbox', { name: 'Your comment' }).fill('A commenter’s note.');
      await commenterPage.getByRole('button', { name: 'Post comment' }).click();
      for (const page of [ownerPage, commenterPage])
        await expect.poll(() => highlighted(page, quote), { timeout: 15_000 }).toEqual([quote]);
      const mine = (await threads()).find((t) => t.anchor.quote === quote);
      expect(mine?.anchor.markId).toBeUndefined();

      // The owner types just before it: the highlight stays on the quote.
      await caretAt(ownerPage, quote, 'before');
      await ownerPage.keyboard.type('Owner words. ', { delay: 10 });
      for (const page of [ownerPage, commenterPage])
        await expect.poll(() => highlighted(page, quote), { timeout: 15_000 }).toEqual([quote]);

      // The owner deletes the sentence: every page keeps the thread, "on deleted text".
      await selectText(ownerPage, quote);
      await ownerPage.keyboard.press('Backspace');
      await commenterPage.getByRole('tab', { name: 'Comments' }).click();
      const card = commenterPage.locator('[data-testid="comment-thread"]', { hasText: 'A commenter’s note.' });
      await card.getByText('On deleted text').waitFor({ timeout: 15_000 });
      expect(await highlighted(commenterPage, quote)).toEqual([]);
      await expect
        .poll(async () => (await threads()).find((t) => t.anchor.quote === quote)?.onDeletedText, { timeout: 20_000 })
        .toBe(true);

      // The owner resolves the first thread (the first test's): the commenter's page folds it away with the
      // resolved ones and drops its highlight (comment.resolved on the stream); a commenter resolves nothing.
      const before = (await highlighted(commenterPage)).length;
      await ownerPage.getByRole('tab', { name: 'Comments' }).click();
      await ownerPage
        .getByRole('button', { name: /^Resolve: / })
        .first()
        .click();
      await commenterPage.getByTestId('resolved-threads').getByText('Resolved (1)').waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await highlighted(commenterPage)).length, { timeout: 15_000 }).toBe(before - 1);
      expect(await commenterPage.getByRole('button', { name: /^Resolve: / }).count()).toBe(0);
      if (shots) await photograph(commenterPage, shots, 'live-comments-commenter');
    },
  );
});

/** The texts of a page's comment highlights (one entry per thread), optionally only those equal to `quote`. */
async function highlighted(page: Page, quote?: string): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const byThread = new Map<string, string>();
    for (const mark of Array.from(document.querySelectorAll('#manuscript mark.comment-anchor'))) {
      const id = mark.getAttribute('data-thread-id') ?? '';
      byThread.set(id, (byThread.get(id) ?? '') + (mark.textContent ?? ''));
    }
    return [...byThread.values()];
  });
  return quote === undefined ? texts : texts.filter((text) => text === quote);
}

/** The text of the `index`th paragraph of the manuscript. */
const paragraph = (page: Page, index: number) => page.locator('#manuscript > p').nth(index).innerText();

/** A sentence from the middle of the `index`th paragraph (neither its first nor its last). */
async function middleSentence(page: Page, index: number): Promise<string> {
  const text = await paragraph(page, index);
  const sentences = (text.match(/[^.!?]+[.!?]+/g) ?? []).map((s) => s.trim());
  expect(sentences.length, text).toBeGreaterThan(2);
  return sentences[1]!;
}

/** Runs in the page: the text node holding `quote` and where in it. */
function findQuote(quote: string): { node: Text; at: number } {
  const root = document.querySelector('#manuscript')!;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const at = node.textContent?.indexOf(quote) ?? -1;
    if (at !== -1) return { node: node as Text, at };
  }
  throw new Error(`not in the manuscript: ${quote}`);
}

/** Selects `quote` in the manuscript (focused first: ProseMirror takes the DOM selection of a focused editor). */
async function selectText(page: Page, quote: string): Promise<void> {
  await page.locator('#manuscript').focus();
  await page.evaluate(
    ([source, text]) => {
      const find = new Function(`return (${source})`)() as typeof findQuote;
      const { node, at } = find(text);
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    },
    [findQuote.toString(), quote] as const,
  );
  await settled(page);
}

/** Puts the caret just before or just after `quote`. */
async function caretAt(page: Page, quote: string, where: 'before' | 'after'): Promise<void> {
  await page.locator('#manuscript').focus();
  await page.evaluate(
    ([source, text, side]) => {
      const find = new Function(`return (${source})`)() as typeof findQuote;
      const { node, at } = find(text);
      document.getSelection()!.collapse(node, side === 'before' ? at : at + text.length);
    },
    [findQuote.toString(), quote, where] as const,
  );
  await settled(page);
}

/** Puts the caret at the start or the end of the `index`th paragraph. */
async function caretAtBlock(page: Page, index: number, where: 'start' | 'end'): Promise<void> {
  await page.locator('#manuscript').focus();
  await page.evaluate(
    ([i, side]) => {
      const block = document.querySelectorAll('#manuscript > p')[i]!;
      const range = document.createRange();
      range.selectNodeContents(block);
      range.collapse(side === 'start');
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
    },
    [index, where] as const,
  );
  await settled(page);
}

/**
 * The page at 1280 and 390 px, light and dark, with the Comments tab open and its highlight in the text, each
 * checked with axe (every finding, whatever its impact) and photographed.
 */
async function photograph(page: Page, dir: string, name: string): Promise<void> {
  // The text unselected, so the highlights show as they are.
  await page.evaluate(() => document.getSelection()?.collapseToEnd());
  for (const colorScheme of ['light', 'dark'] as const) {
    await switchColorScheme(page, colorScheme);
    for (const width of [1280, 390]) {
      await resize(page, { width, height: width < 640 ? 844 : 800 });
      const show = page.getByRole('button', { name: 'Show book details' });
      if (await show.isVisible()) await show.click();
      await page.getByRole('tab', { name: 'Comments' }).click();
      await settled(page);
      const violations = await a11yViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
      await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}.png` });
      if (width < 1024) {
        // On a phone the panel is a sheet over the text: the highlights photographed without it too.
        await page.keyboard.press('Escape');
        await settled(page);
        await page.screenshot({ path: `${dir}/${name}-${width}-${colorScheme}-text.png` });
      }
    }
  }
}
