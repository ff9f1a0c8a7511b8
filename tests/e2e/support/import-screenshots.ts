/**
 * The import and Word export states (issue 46) at 390 and 1280 px in the light and the dark scheme, against
 * the built app and a mocked API, each checked with axe (every impact):
 *   npx vite build web --outDir /tmp/web-dist && node --import tsx tests/e2e/support/import-screenshots.ts /tmp/web-dist [outDir] [name-filter]
 * Not a test: a tool to look at the states (default output /tmp/shots-import). The journey against the real
 * server is tests/e2e/import.test.ts.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { manuscriptImportMessages, type CommentThread, type ImportReport } from '@bookwright/contracts/http';
import { outsideSuggestionId } from '@bookwright/manuscript';
import { fakeBook, sampleLibrary } from './books';
import { a11yViolations, describeViolations, launchBrowser, settled } from './browser';
import { mockApi } from './mock-api';
import { startPreview } from './preview';

const distDir = process.argv[2];
const outDir = process.argv[3] ?? '/tmp/shots-import';
const only = process.argv[4];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

const report: ImportReport = {
  source: { fileName: 'the-salt-road.docx', kind: 'docx', bytes: 612_400 },
  chapters: Array.from({ length: 14 }, (_, i) => ({
    title: i === 0 ? 'Prologue' : `Chapter ${i}: ${['The Harbour', 'Letters', 'Fog', 'The Keeper'][i % 4]}`,
    words: 3_000 + ((i * 977) % 2_400),
  })),
  words: 61_240,
  frontMatter: ['title-page', 'copyright', 'dedication', 'table-of-contents'],
  metadata: { title: 'The Salt Road', author: 'Ada Author', rights: '© 2026 Ada Author. All rights reserved.' },
  kept: [
    { kind: 'chapters', count: 14 },
    { kind: 'italics', count: 212 },
    { kind: 'scene-breaks', count: 23 },
    { kind: 'notes', count: 9 },
    { kind: 'block-quotes', count: 4 },
  ],
  dropped: [
    { kind: 'comments', count: 3 },
    { kind: 'tracked-changes', count: 11 },
    { kind: 'headers-and-footers', count: 2 },
  ],
};

const docx = { name: 'the-salt-road.docx', mimeType: 'application/octet-stream', buffer: Buffer.from('PK') };

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import a manuscript' }).click();
  await page.getByRole('dialog', { name: 'Import a manuscript' }).waitFor();
}

async function openReimport(page: Page) {
  await page.getByRole('textbox', { name: 'Manuscript' }).waitFor();
  const phone = page.getByRole('button', { name: 'Book actions', exact: true });
  await ((await phone.isVisible()) ? phone : page.getByRole('button', { name: 'More actions' })).click();
  await page.getByRole('menuitem', { name: 'Import a corrected Word file…' }).click();
  await page.getByRole('dialog', { name: 'Import a corrected Word file' }).waitFor();
}

/** A book as a Word re-import leaves it (decision 0057): Jane's tracked changes and her comment with a reply. */
const janes = (n: number) => outsideSuggestionId('Jane Editor', Date.UTC(2026, 10, 24), () => n / 10);
const text = (words: string, marks?: object[]) => ({ type: 'text', text: words, ...(marks ? { marks } : {}) });
const paragraph = (...content: object[]) => ({ type: 'paragraph', attrs: { textAlign: null }, content });
const reviewed = fakeBook({
  _id: 'reviewed',
  title: 'The Salt Road',
  status: 'ready',
  bookContent: JSON.stringify({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1, textAlign: null }, content: [text('Chapter 1: The Harbour')] },
      paragraph(
        text('The fog came in before the boats did, and the keeper lit the lamp an hour early. '),
        text('It was a quiet night.', [{ type: 'comment', attrs: { commentId: 'w90' } }]),
        text(' Quietly inserted.', [{ type: 'insertion', attrs: { id: janes(1) } }]),
      ),
      paragraph(
        text('Morning came '),
        text('slowly ', [{ type: 'deletion', attrs: { id: janes(2) } }]),
        text('over the harbour, and with it the first of the letters.'),
      ),
    ],
  }),
});
const reviewedThreads: CommentThread[] = [
  {
    id: 't1',
    author: { id: 'u1', name: 'Ada Author' },
    body: 'Jane Editor (in Word, 2026-11-24): Too quiet here.',
    anchor: { chapter: 1, quote: 'It was a quiet night.', markId: 'w90' },
    createdAt: '2026-11-25T10:00:00.000Z',
    resolved: false,
    onDeletedText: false,
    replies: [
      {
        id: 'r1',
        author: { id: 'u1', name: 'Ada Author' },
        body: 'Jane Editor (in Word, 2026-11-24): And the gulls?',
        createdAt: '2026-11-25T10:00:01.000Z',
      },
    ],
  },
];
const reviewRoutes = async (p: Page) => {
  await p.route('**/api/v1/book/reviewed', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(reviewed) }),
  );
  await p.route('**/api/v1/book/reviewed/comments', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(reviewedThreads) }),
  );
};

interface Shot {
  name: string;
  path: string;
  routes?: (page: Page) => Promise<unknown>;
  /** Script run in the page before it loads. */
  init?: () => void;
  ready: (page: Page) => Promise<unknown>;
}

const shots: Shot[] = [
  { name: 'library', path: '/app', ready: (p) => p.getByTestId('library-book').first().waitFor() },
  {
    name: 'import-drop-zone',
    path: '/app',
    ready: async (p) => {
      await openImport(p);
      await p.getByText('Title, language and genre (optional)').click();
    },
  },
  {
    name: 'import-uploading',
    path: '/app',
    // The upload held at 42 %: a local server takes a small file at once.
    init: () => {
      XMLHttpRequest.prototype.send = function (this: XMLHttpRequest) {
        setTimeout(
          () =>
            this.upload.dispatchEvent(
              new ProgressEvent('progress', { loaded: 42, total: 100, lengthComputable: true }),
            ),
          20,
        );
      };
    },
    ready: async (p) => {
      await openImport(p);
      await p.getByLabel('Manuscript file').setInputFiles(docx);
      await p.getByText('Uploading… 42%').waitFor();
    },
  },
  {
    name: 'import-report',
    path: '/app',
    routes: (p) =>
      p.route('**/api/v1/book/import', (route) =>
        route.fulfill({
          status: 201,
          contentType: 'application/json',
          body: JSON.stringify({
            book: fakeBook({ _id: 'imported', title: 'The Salt Road', status: 'ready' }),
            report,
          }),
        }),
      ),
    ready: async (p) => {
      await openImport(p);
      await p.getByLabel('Manuscript file').setInputFiles(docx);
      await p.getByRole('heading', { name: 'Your manuscript is a book now' }).waitFor();
    },
  },
  {
    name: 'import-error',
    path: '/app',
    routes: (p) =>
      p.route('**/api/v1/book/import', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ msg: manuscriptImportMessages.encrypted }),
        }),
      ),
    ready: async (p) => {
      await openImport(p);
      await p.getByLabel('Manuscript file').setInputFiles(docx);
      await p.getByRole('alert').waitFor();
    },
  },
  {
    name: 'import-wrong-kind',
    path: '/app',
    ready: async (p) => {
      await openImport(p);
      await p.getByLabel('Manuscript file').setInputFiles({ ...docx, name: 'book.pdf' });
      await p.getByRole('alert').waitFor();
    },
  },
  {
    name: 'export-word',
    path: '/app/edit/ready',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      const phone = p.getByRole('button', { name: 'Book actions', exact: true });
      if (await phone.isVisible()) {
        await phone.click();
        await p.getByRole('menuitem', { name: 'Export' }).click();
      } else await p.getByRole('button', { name: 'Export', exact: true }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Word' }).waitFor();
    },
  },
  {
    name: 'export-word-layout',
    path: '/app/edit/ready',
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      const phone = p.getByRole('button', { name: 'Book actions', exact: true });
      if (await phone.isVisible()) {
        await phone.click();
        await p.getByRole('menuitem', { name: 'Export' }).click();
      } else await p.getByRole('button', { name: 'Export', exact: true }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Word' }).click();
      await p.getByRole('heading', { name: 'Word Export Options' }).waitFor();
    },
  },
  { name: 'reimport', path: '/app/edit/ready', ready: openReimport },
  {
    name: 'reimport-conflict',
    path: '/app/edit/ready',
    routes: (p) =>
      p.route('**/api/v1/book/ready/import', (route) =>
        route.fulfill({ status: 412, contentType: 'application/json', body: JSON.stringify({ msg: 'changed' }) }),
      ),
    ready: async (p) => {
      await openReimport(p);
      await p.getByLabel('Manuscript file').setInputFiles(docx);
      await p.getByRole('alert').waitFor();
    },
  },
  {
    name: 'review-suggestion',
    path: '/app/edit/reviewed',
    routes: reviewRoutes,
    ready: async (p) => {
      const bar = p.getByRole('region', { name: 'Suggestions' });
      await bar.getByRole('button', { name: 'Next suggestion' }).click();
      await bar.getByRole('button', { name: 'Accept Jane Editor’s suggestion' }).waitFor();
    },
  },
  {
    name: 'review-comments',
    path: '/app/edit/reviewed',
    routes: reviewRoutes,
    ready: async (p) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      const show = p.getByRole('button', { name: 'Show book details' });
      if (await show.isVisible()) await show.click();
      await p.getByRole('tab', { name: 'Comments' }).click();
      await p.getByTestId('comment-thread').waitFor();
    },
  },
];

const server = await startPreview(distDir);
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
let problems = 0;
try {
  for (const shot of shots.filter((s) => !only || s.name.includes(only)))
    for (const scheme of ['light', 'dark'] as const)
      for (const [device, viewport] of Object.entries(viewports)) {
        const context = await browser.newContext({ viewport, colorScheme: scheme, locale: 'en-GB' });
        const page = await context.newPage();
        if (shot.init) await page.addInitScript(shot.init);
        await mockApi(page, {
          signedIn: true,
          user: { accountType: 'starter', booksLeftThisMonth: 7 },
          books: sampleLibrary(),
          llm: 'offline',
        });
        await shot.routes?.(page);
        await page.goto(server.url + shot.path);
        const label = `${shot.name} (${scheme}, ${device})`;
        try {
          await shot.ready(page);
          await settled(page);
          const violations = await a11yViolations(page);
          if (violations.length > 0) {
            problems += 1;
            console.error(`${label}:\n${describeViolations(violations)}`);
          }
        } catch (error) {
          problems += 1;
          console.error(`${label}: ${(error as Error).message}`);
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) console.error(`${label}: ${overflow} px of horizontal scroll`);
        await page.screenshot({ path: `${outDir}/${shot.name}-${scheme}-${viewport.width}.png` });
        await context.close();
      }
} finally {
  await browser.close();
  await server.close();
}
console.log(problems === 0 ? 'axe: no violations' : `${problems} shots with problems`);
