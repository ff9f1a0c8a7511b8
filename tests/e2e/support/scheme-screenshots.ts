/**
 * Screenshots of the main pages at 390 and 1280 px in the light and the dark colour scheme (the default
 * "System" theme follows it), against the built app and a mocked API:
 *   npx vite build web --outDir /tmp/web-dist && node --import tsx tests/e2e/support/scheme-screenshots.ts /tmp/web-dist [outDir]
 * Not a test: a tool to look at the pages (default output /tmp/shots-scheme).
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { sampleLibrary } from './books';
import { launchBrowser } from './browser';
import { mockApi } from './mock-api';
import { startPreview } from './preview';

const distDir = process.argv[2];
const outDir = process.argv[3] ?? '/tmp/shots-scheme';
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

interface Shot {
  name: string;
  path: string;
  signedIn?: boolean;
  ready: (page: Page, device: keyof typeof viewports) => Promise<unknown>;
}

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
  for (const shot of shots)
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
          books: sampleLibrary(),
          llm: 'offline',
        });
        await page.goto(server.url + shot.path);
        try {
          await shot.ready(page, device);
        } catch (error) {
          console.error(`${shot.name} (${scheme}, ${device}): ${(error as Error).message}`);
        }
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${outDir}/${shot.name}-${scheme}-${viewport.width}.png` });
        await context.close();
      }
} finally {
  await browser.close();
  await server.close();
}
