import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { started } from './started';
import { startPreview } from './preview';

// Kept apart from world.ts: the suites that mock the API must not import the system (and with it the
// database and bus configuration), or the servers run would count them as telling the modes apart.

/** What a browser suite drives against a mocked API: the built web app on Vite's preview server, and Chromium. */
export interface PreviewWorld {
  readonly server: { url: string };
  readonly browser: Browser;
}

/** Serves this run's built web app with no system behind it (the suite mocks the API) and starts Chromium. */
export function usePreviewWorld(): PreviewWorld {
  let server: { url: string; close: () => Promise<void> } | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startPreview(inject('webDist'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      return started(server, 'preview server');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
