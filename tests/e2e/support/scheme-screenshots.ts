/**
 * Screenshots of the main pages at 390 and 1280 px in the light and the dark colour scheme (the default
 * "System" theme follows it), against the built app and a mocked API: the editor with each of its dialogs
 * open, titles in other scripts, the trash, the legal pages and a toast among them.
 *   npx vite build web --outDir /tmp/web-dist && node --import tsx tests/e2e/support/scheme-screenshots.ts /tmp/web-dist [outDir] [name-filter]
 * Not a test: a tool to look at the pages (default output /tmp/shots-scheme). Titles in Japanese need a
 * Japanese font on the machine (Debian: fonts-ipafont-gothic), as on an author's own.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import type { Book } from '@bookwright/contracts/http';
import { fakeBook, manuscript, sampleLibrary } from './books';
import { launchBrowser, openEditorAction } from './browser';
import { mockApi, type MockApiOptions } from './mock-api';
import { mockTrash } from './mock-trash';
import { startPreview } from './preview';

const distDir = process.argv[2];
const outDir = process.argv[3] ?? '/tmp/shots-scheme';
const only = process.argv[4];
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  books?: Book[];
  api?: Partial<MockApiOptions>;
  /** Routes of this shot on top of mockApi's (added later, so they answer first). */
  routes?: (page: Page) => Promise<unknown>;
  ready: (page: Page, device: keyof typeof viewports) => Promise<unknown>;
}

const json = (body: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

/** Titles in other scripts and long ones: covers, cards and headers must wrap them, never cut mid-word. */
function languageLibrary(): Book[] {
  const japanese = {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: '第一章　灯台の手紙' }] },
      {
        type: 'paragraph',
        content: [
          {
            type: 'text',
            text: '島の灯台守は、百年前に消えた船乗りからの手紙を見つけた。波の音を聞きながら、彼女は一通ずつ声に出して読んだ。',
          },
        ],
      },
    ],
  };
  return [
    fakeBook({
      _id: 'japanese',
      title: '未来からの手紙',
      status: 'ready',
      genre: 'fantasy',
      targetAudience: '大人の読者',
      bookContent: JSON.stringify(japanese),
    }),
    fakeBook({
      _id: 'german',
      title: 'Die Briefe der Leuchtturmwärterin von Hiddensee',
      status: 'validation',
      language: 'german',
      targetAudience: 'Erwachsene Leserinnen und Leser',
    }),
    fakeBook({
      _id: 'polish',
      title: 'Żółte łodzie w Gdańsku i inne opowieści z wybrzeża Bałtyku',
      status: 'ready',
      language: 'polish',
      bookContent: JSON.stringify(manuscript(2_000)),
    }),
    fakeBook({ _id: 'turkish', title: 'Işığın Bekçisi', status: 'writing', language: 'turkish' }),
    fakeBook({ _id: 'greek', title: 'Τα γράμματα του φάρου', status: 'ready' }),
    fakeBook({ _id: 'russian', title: 'Письма смотрительницы маяка', status: 'planning', bookState: null }),
  ];
}

const revisions = [
  { id: 'r3', createdAt: '2026-11-25T16:40:00.000Z', wordCount: 24_980, name: null },
  { id: 'r2', createdAt: '2026-11-24T09:12:00.000Z', wordCount: 24_400, name: 'Before the second act' },
  { id: 'r1', createdAt: '2026-11-20T08:00:00.000Z', wordCount: 25_000, name: 'As written' },
];

/** GET /book/search for "keeper" in the sample library: a title that matches, and two manuscripts that do. */
const sidebarSearchAnswer = {
  results: [
    {
      bookId: 'validation',
      title: 'The Keeper of Letters',
      status: 'validation',
      titleMatch: { start: 4, end: 10 },
      chapterMatches: 0,
      matches: [],
    },
    {
      bookId: 'ready',
      title: 'Salt and Lantern',
      status: 'ready',
      titleMatch: null,
      chapterMatches: 9,
      matches: [
        {
          chapter: 1,
          chapterTitle: 'The Lighthouse',
          passage: '…the old keeper climbed the stairs each night, counting the steps aloud as Zoë…',
          start: 9,
          end: 15,
        },
        {
          chapter: 3,
          chapterTitle: 'Letters from the Sea',
          passage: '…“No keeper stays forever,” she said, and folded the letter twice…',
          start: 5,
          end: 11,
        },
        {
          chapter: 6,
          chapterTitle: 'Storm Warning',
          passage: 'When the Keeper’s lamp failed, the harbour went dark for the first time in a century…',
          start: 9,
          end: 15,
        },
      ],
    },
    {
      bookId: 'writing',
      title: 'The Clockmaker of Riga',
      status: 'writing',
      titleMatch: null,
      chapterMatches: 1,
      matches: [
        {
          chapter: 2,
          chapterTitle: 'Winter Market',
          passage: '…the time keeper of the guild hall wound every clock on the square before dawn…',
          start: 10,
          end: 16,
        },
      ],
    },
  ],
  truncated: false,
};

const manuscriptReady = (p: Page) => p.getByRole('textbox', { name: 'Manuscript' }).waitFor();

const shots: Shot[] = [
  { name: 'landing', path: '/', ready: (p) => p.getByRole('heading', { level: 1 }).waitFor() },
  {
    name: 'landing-menu',
    path: '/',
    ready: async (p, device) => {
      if (device === 'phone') await p.getByRole('button', { name: 'Menu' }).click();
    },
  },
  {
    name: 'showcase',
    path: '/#showcase',
    ready: (p) => p.getByRole('heading', { name: 'Public-domain classics, typeset by Bookwright' }).waitFor(),
  },
  { name: 'sign-in', path: '/login', ready: (p) => p.getByRole('button', { name: 'Sign In' }).waitFor() },
  { name: 'library', path: '/app', signedIn: true, ready: (p) => p.getByTestId('library-book').first().waitFor() },
  {
    name: 'editor',
    path: '/app/edit/ready',
    signedIn: true,
    ready: (p) => p.getByRole('textbox', { name: 'Manuscript' }).waitFor(),
  },
  {
    name: 'editor-actions',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p, device) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      if (device === 'phone') await p.getByRole('button', { name: 'Book actions' }).click();
    },
  },
  {
    name: 'editor-panel',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p, device) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      if (device === 'phone') await p.getByRole('button', { name: 'Show book details' }).click();
    },
  },
  {
    name: 'export-dialog',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p, device) => {
      await p.getByRole('textbox', { name: 'Manuscript' }).waitFor();
      if (device === 'phone') {
        await p.getByRole('button', { name: 'Book actions' }).click();
        await p.getByRole('menuitem', { name: 'Export' }).click();
      } else await p.getByRole('button', { name: 'Export' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'translate-dialog',
    path: '/app/edit/ready',
    signedIn: true,
    routes: (p) =>
      p.route('**/api/v1/book/*/translation-title', (route) =>
        route.fulfill(json({ data: { title: 'Sel et lanterne', source: 'model' } })),
      ),
    ready: async (p) => {
      await manuscriptReady(p);
      await openEditorAction(p, 'Translate');
      const dialog = p.getByRole('dialog');
      await dialog.getByRole('combobox').first().selectOption('french');
      await dialog.getByRole('textbox').first().waitFor();
    },
  },
  {
    name: 'history-dialog',
    path: '/app/edit/ready',
    signedIn: true,
    routes: (p) => p.route('**/api/v1/book/*/revisions', (route) => route.fulfill(json(revisions))),
    ready: async (p) => {
      await manuscriptReady(p);
      await openEditorAction(p, 'History');
      await p.getByRole('dialog', { name: 'Revision history' }).getByRole('list').waitFor();
    },
  },
  {
    name: 'cover-dialog',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p) => {
      await manuscriptReady(p);
      await openEditorAction(p, 'Generate Cover');
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'rewrite-panel',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p) => {
      await manuscriptReady(p);
      await p.locator('.book-editor p').first().click();
      await p.keyboard.press('Home');
      await p.keyboard.press('Shift+End');
      await openEditorAction(p, 'Rewrite');
      await p.getByRole('dialog', { name: 'Rewrite with AI' }).waitFor();
    },
  },
  {
    name: 'trash-dialog',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p) => {
      await manuscriptReady(p);
      await openEditorAction(p, 'Move to trash');
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'export-print',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p) => {
      await manuscriptReady(p);
      await openEditorAction(p, 'Export');
      await p
        .getByRole('dialog')
        .getByRole('button', { name: /PDF - Amazon KDP/ })
        .click();
    },
  },
  {
    name: 'editor-metadata',
    path: '/app/edit/ready',
    signedIn: true,
    ready: async (p) => {
      await manuscriptReady(p);
      const show = p.getByRole('button', { name: 'Show book details' });
      if (await show.isVisible()) await show.click();
      await p.getByRole('tab', { name: 'Metadata' }).click();
    },
  },
  {
    name: 'library-languages',
    path: '/app',
    signedIn: true,
    books: languageLibrary(),
    ready: (p) => p.getByTestId('library-book').first().waitFor(),
  },
  {
    name: 'editor-japanese',
    path: '/app/edit/japanese',
    signedIn: true,
    books: languageLibrary(),
    ready: manuscriptReady,
  },
  {
    name: 'editor-long-title',
    path: '/app/edit/polish',
    signedIn: true,
    books: languageLibrary(),
    ready: manuscriptReady,
  },
  {
    name: 'validation-long-title',
    path: '/app/german',
    signedIn: true,
    books: languageLibrary(),
    ready: (p) => p.getByRole('tab', { name: 'Plot' }).waitFor(),
  },
  {
    name: 'trash',
    path: '/app/trash',
    signedIn: true,
    routes: (p) =>
      mockTrash(p, sampleLibrary().slice(2), [...languageLibrary().slice(0, 1), ...sampleLibrary().slice(0, 2)]),
    ready: (p) => p.getByTestId('trashed-book').first().waitFor(),
  },
  {
    name: 'sidebar-search',
    path: '/app',
    signedIn: true,
    routes: (p) => p.route(/\/api\/v1\/book\/search\?/, (route) => route.fulfill(json(sidebarSearchAnswer))),
    ready: async (p, device) => {
      await p.getByTestId('library-book').first().waitFor();
      if (device === 'phone') await p.getByRole('button', { name: 'Open menu' }).click();
      await p.getByRole('searchbox', { name: 'Search books' }).fill('keeper');
      await p.locator('mark').first().waitFor();
    },
  },
  {
    name: 'toast',
    path: '/app/settings?tab=billing',
    signedIn: true,
    ready: (p) => p.getByText('Failed to fetch invoices').waitFor(),
  },
  {
    name: 'contact-sales',
    path: '/choose-plan',
    api: { paymentProvider: 'stripe' },
    ready: async (p) => {
      await p.getByRole('button', { name: 'Contact Sales' }).click();
      await p.getByRole('dialog', { name: 'Contact sales' }).waitFor();
    },
  },
  {
    name: 'privacy-policy',
    path: '/privacy-policy',
    ready: (p) => p.getByRole('heading', { level: 1 }).waitFor(),
  },
  {
    name: 'settings',
    path: '/app/settings',
    signedIn: true,
    ready: (p) => p.getByRole('button', { name: 'Delete Account' }).waitFor(),
  },
  {
    name: 'validation',
    path: '/app/validation',
    signedIn: true,
    ready: (p) => p.getByRole('tab', { name: 'Plot' }).waitFor(),
  },
];

const server = await startPreview(distDir);
const browser = await launchBrowser();
await mkdir(outDir, { recursive: true });
try {
  for (const shot of shots.filter((s) => !only || s.name.includes(only)))
    for (const scheme of ['light', 'dark'] as const)
      for (const [device, viewport] of Object.entries(viewports) as [
        keyof typeof viewports,
        typeof viewports.phone,
      ][]) {
        const context = await browser.newContext({ viewport, colorScheme: scheme, locale: 'en-GB' });
        const page = await context.newPage();
        await mockApi(page, {
          signedIn: shot.signedIn ?? false,
          user: { accountType: 'starter', booksLeftThisMonth: 7 },
          books: shot.books ?? sampleLibrary(),
          llm: 'offline',
          ...shot.api,
        });
        await shot.routes?.(page);
        await page.goto(server.url + shot.path);
        try {
          await shot.ready(page, device);
        } catch (error) {
          console.error(`${shot.name} (${scheme}, ${device}): ${(error as Error).message}`);
        }
        // react-toastify slides a toast in for 750 ms: wait it out so the shot shows where it rests.
        await page.waitForTimeout(900);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) console.error(`${shot.name} (${scheme}, ${device}): ${overflow} px of horizontal scroll`);
        await page.screenshot({ path: `${outDir}/${shot.name}-${scheme}-${viewport.width}.png` });
        await context.close();
      }
} finally {
  await browser.close();
  await server.close();
}
