import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Book } from '@bookwright/contracts/http';
import { epubcheck, epubcheckAvailable, epubcheckMissingMessage } from '../../services/export/src/testing/epubcheck';
import { newAccount } from '../support/test-system';
import { a11yViolations, browserAvailable, describeViolations } from './support/browser';
import { downloadOf } from './support/downloads';
import { signedInContext, useBrowserWorld } from './support/world';

/** The pandoc-written fixture of the import's own tests: 12 chapters, a front matter, italics, notes. */
const fixture = new URL('../../services/export/src/import/fixtures/pandoc-book.docx', import.meta.url);
const chapterTitles = [
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
];

/** The fixture, or the same kind of book written by pandoc here when the fixture is not there. */
async function manuscriptDocx(): Promise<Buffer> {
  if (existsSync(fixture)) return readFile(fixture);
  const dir = await mkdtemp(join(tmpdir(), 'import-e2e-'));
  try {
    const chapters = chapterTitles.map(
      (n, i) =>
        `# Chapter ${n}\n\nThe wind came in from the sea on night ${i + 1}, and Mara said it was *never* this loud.[^n${i}]\n\n* * *\n\nMorning came grey and quiet.\n\n[^n${i}]: A note on night ${i + 1}.\n`,
    );
    const markdown = `---\ntitle: The Lighthouse Keeper’s Daughter\nauthor: Ada Author\n---\n\n${chapters.join('\n')}`;
    await writeFile(join(dir, 'book.md'), markdown);
    await promisify(execFile)('pandoc', ['book.md', '-o', 'book.docx'], { cwd: dir });
    return await readFile(join(dir, 'book.docx'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 46's journey in a real browser against the whole system: an author on a paid plan imports a Word
 * manuscript from the library, reads the report (12 chapters with their titles), opens the book in the
 * editor and exports it as an EPUB that epubcheck accepts. The dialogs' states, both schemes and both widths
 * are tests/e2e/support/import-screenshots.ts's; the converters are services/export's tests.
 */
describe.skipIf(!browserAvailable())('importing a manuscript in the browser', () => {
  const world = useBrowserWorld();
  let docx: Buffer;
  beforeAll(async () => {
    docx = await manuscriptDocx();
  });

  it('imports a .docx, shows the report, opens the editor and exports a valid EPUB', { timeout: 300_000 }, async () => {
    if (!epubcheckAvailable) {
      if (process.env.CI) throw new Error(epubcheckMissingMessage);
      console.warn(`\n!! ${epubcheckMissingMessage}\n`);
    }
    // An import needs a paid plan, like every book.
    const client = world.system.client();
    await client.post('/api/v1/auth/sign-up', newAccount());
    await client.post('/api/v1/payment', { accountType: 'starter', currency: 'eur' });
    const context = await signedInContext(world, client, {
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));

    await page.goto(`${world.system.url}/app`);
    await page.getByRole('button', { name: 'Import a manuscript' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import a manuscript' });
    // Dropping (here: choosing) the file is all it takes.
    await dialog.getByLabel('Manuscript file').setInputFiles({
      name: 'the-lighthouse-keepers-daughter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      buffer: docx,
    });
    const done = page.getByRole('dialog', { name: 'Your manuscript is a book now' });
    await done.waitFor({ timeout: 120_000 });
    // The twelve chapters in order, then the notes gathered as the book's endnotes (a chapter of their own).
    const chapters = done.getByRole('list', { name: /^\d+ chapters found$/ });
    await chapters.waitFor();
    const titles = await chapters.getByRole('listitem').allTextContents();
    chapterTitles.forEach((n, i) => expect(titles[i]).toMatch(new RegExp(`^${i + 1}\\.Chapter ${n}\\b`)));
    for (const title of titles.slice(chapterTitles.length)) expect(title).toMatch(/^\d+\.Notes/);
    expect(await done.getByText(/footnotes? and endnotes?, as the book’s endnotes/).count()).toBe(1);
    const violations = await a11yViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    await done.getByRole('button', { name: 'Open in the editor' }).click();
    await page.waitForURL(/\/app\/edit\/[0-9a-f-]{36}$/);
    const manuscript = page.getByRole('textbox', { name: 'Manuscript' });
    await manuscript.getByText('Chapter Twelve', { exact: false }).first().waitFor();

    // The import fills the title and author from the front matter; what an EPUB needs beyond them (an
    // identifier) is asked for in the dialog's completion step, as for any book.
    const bookId = new URL(page.url()).pathname.split('/').pop() ?? '';
    const imported = (await client.get<Book>(`/api/v1/book/${bookId}`)).body;
    expect(imported.status).toBe('ready');
    expect(imported.author).toBe('Ada Author');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const exportDialog = page.getByRole('dialog');
    await exportDialog.getByRole('button', { name: 'EPUB' }).click();
    const complete = Boolean(imported.title && imported.author && imported.identifier && imported.languageMetadata);
    const epub = await downloadOf(page, ['Book exported successfully as EPUB!'], async () => {
      if (complete) return;
      await exportDialog.getByRole('heading', { name: 'Missing Required Metadata' }).waitFor();
      if (!imported.identifier) await exportDialog.getByRole('button', { name: 'Generate a UUID' }).click();
      if (!imported.languageMetadata) await exportDialog.getByLabel('Language').selectOption('en');
      await exportDialog.getByRole('button', { name: 'Export EPUB' }).click();
    });
    expect(epub.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    if (epubcheckAvailable) expect((await epubcheck(epub.bytes)).problems).toEqual([]);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
