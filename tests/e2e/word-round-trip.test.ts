import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { documentText, type TiptapDocument } from '@bookwright/contracts/http';
import { readyBook } from '../support/books';
import { editAsWordEditor, wordEditorEdits } from '../support/word-editor-edits';
import { manuscript } from './support/books';
import { browserAvailable } from './support/browser';
import { openEditorOf } from './support/journeys';
import { signedInContext, useBrowserWorld, useShotsDir } from './support/world';

/**
 * Issue 46's way to an editor and back, in a real browser against the whole system: the author exports the
 * book to Word from the editor, the editor works on the file in Word (a tracked insertion and a comment with
 * a reply, written into the file as Word writes them), and the author imports the corrected file into the
 * same book from the editor's menu. The report names what came back, the insertion is a suggestion in the
 * manuscript, and History keeps the book as it was, "Before import". The author then reviews what came back
 * in the solo editor (decision 0057): accepts the insertion, reads the comment and resolves it, and the
 * stored manuscript holds the accepted words with no suggestion left. The server's side of it, in every
 * detail, is tests/api/word-export.test.ts's.
 */
describe.skipIf(!browserAvailable())('a book to Word and back in the browser', () => {
  const world = useBrowserWorld();
  const shotsDir = useShotsDir();
  const shot = async (page: Page, name: string) => {
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png` });
  };

  it(
    'exports Word, imports the corrected file, and shows the tracked change as a suggestion',
    { timeout: 300_000 },
    async () => {
      const { client, book } = await readyBook(world.system, { plan: 'starter' });
      // A short book: the round trip, not the length, is what this journey is about.
      const shortened = await client.patch(`/api/v1/book/content/${book._id}`, {
        bookContent: JSON.stringify(manuscript(3_000, 4)),
      });
      expect(shortened.status).toBe(200);
      const context = await signedInContext(world, client, {
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
      });
      const page = await context.newPage();
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const header = await openEditorOf(page, world.system.url, book);
      const manuscriptBox = page.getByRole('textbox', { name: 'Manuscript' });

      // Export → Word → the Manuscript layout, downloaded.
      await header.getByRole('button', { name: 'Export' }).click();
      const exportDialog = page.getByRole('dialog');
      await exportDialog.getByRole('button', { name: 'Word' }).click();
      await exportDialog.getByRole('heading', { name: 'Word Export Options' }).waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 90_000 }),
        exportDialog.getByRole('button', { name: 'Export Word' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/_Manuscript\.docx$/);
      await page.getByText('Book exported successfully as DOCX!').waitFor();
      const exported = await readFile(await download.path());
      if (await exportDialog.isVisible()) await page.keyboard.press('Escape');
      await exportDialog.waitFor({ state: 'hidden' });

      // In Word, the editor's work; back in Bookwright, the corrected file into the same book.
      const { edited, quoted } = await editAsWordEditor(exported);
      await header.getByRole('button', { name: 'More actions' }).click();
      await page.getByRole('menuitem', { name: 'Import a corrected Word file…' }).click();
      const reimport = page.getByRole('dialog', { name: 'Import a corrected Word file' });
      await reimport.waitFor();
      await shot(page, 'word-round-trip-01-reimport');
      await reimport.getByLabel('Manuscript file').setInputFiles({
        name: 'The Keeper of Letters_Manuscript (edited).docx',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        buffer: Buffer.from(edited),
      });
      const done = page.getByRole('dialog', { name: 'The corrected file is in the book' });
      await done.waitFor({ timeout: 90_000 });
      const report = (await done.textContent()) ?? '';
      expect(report).toContain('1 tracked change, as suggestions');
      expect(report).toContain('2 Word comments, as comments');
      await shot(page, 'word-round-trip-02-report');
      await done.getByRole('button', { name: 'Done' }).click();
      await done.waitFor({ state: 'hidden' });

      // The insertion is a suggestion in the manuscript, after the words the comment is on.
      const insertion = manuscriptBox.locator('ins', { hasText: wordEditorEdits.inserted.trim() });
      await insertion.waitFor();
      const paragraph = (await insertion.locator('xpath=ancestor::p[1]').textContent()) ?? '';
      expect(paragraph).toContain(`${quoted}${wordEditorEdits.inserted}`);
      await shot(page, 'word-round-trip-03-suggestion');

      // The author reviews it in the solo editor (decision 0057): the bar takes them to Jane's insertion,
      // named for her, and they accept it.
      const bar = page.getByRole('region', { name: 'Suggestions' });
      expect(await bar.getByTestId('suggestions-in-book').textContent()).toBe('1 suggestion in the book');
      await bar.getByRole('button', { name: 'Next suggestion' }).click();
      await bar.getByTestId('current-suggestion').getByText(wordEditorEdits.author).waitFor();
      await bar.getByRole('button', { name: `Accept ${wordEditorEdits.author}’s suggestion` }).click();
      await bar.waitFor({ state: 'hidden' });
      expect(await manuscriptBox.locator('ins').count()).toBe(0);

      // Jane's comment and her reply are a thread in the Comments tab, on the words she commented on.
      await page.getByRole('tab', { name: 'Comments' }).click();
      const thread = page.getByTestId('comment-thread');
      const bodies = await thread.getByTestId('comment-body').allTextContents();
      const inWord = `${wordEditorEdits.author} (in Word, 2026-11-24)`;
      expect(bodies).toEqual([`${inWord}: ${wordEditorEdits.comment}`, `${inWord}: ${wordEditorEdits.reply}`]);
      expect(await manuscriptBox.locator('mark.comment-anchor').first().textContent()).toBe(quoted);
      await shot(page, 'word-round-trip-04-review');
      await thread.getByRole('button', { name: `Resolve: ${quoted}` }).click();
      await page.getByText('Resolved (1)').waitFor();

      // Saved through the solo editor's saves: the accepted words, no suggestion left; the thread resolved.
      const storedText = async () => {
        const stored = (await client.get<{ bookContent: string }>(`/api/v1/book/${book._id}`)).body.bookContent;
        if (/"type":"(insertion|deletion|modification)"/.test(stored)) return 'suggestion marks left';
        return documentText(JSON.parse(stored) as TiptapDocument);
      };
      await expect.poll(storedText, { timeout: 30_000 }).toContain(`${quoted}${wordEditorEdits.inserted}`);
      const threads = (await client.get<{ resolved: boolean }[]>(`/api/v1/book/${book._id}/comments`)).body;
      expect(threads.map((t) => t.resolved)).toEqual([true]);

      // History keeps the book as it was before the import.
      await header.getByRole('button', { name: 'History' }).click();
      const history = page.getByRole('dialog', { name: 'Revision history' });
      await history.getByText('Before import').first().waitFor();
      expect(pageErrors).toEqual([]);
      await context.close();
    },
  );
});
