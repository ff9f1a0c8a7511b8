import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { startTestSystem, type HttpClient, type TestSystem } from '../../support/test-system';
import { launchBrowser } from './browser';
import { reportFailures, traceRequests, type RequestTrace } from './failure-report';
import { started } from './started';

/** What a browser suite drives against the whole product: the system serving this run's web app, and Chromium. */
export interface BrowserWorld {
  readonly system: TestSystem;
  readonly browser: Browser;
}

/**
 * Starts the whole system (serving the web app that global-setup built for this run) and one Chromium
 * before the calling suite's tests, and stops both after them. `env` adds to the system's environment; it
 * is read when the system starts, so it may use a server that an earlier `beforeAll` started. A test that
 * fails prints what the browser and the server were doing meanwhile (failure-report.ts).
 */
export function useBrowserWorld(
  env: () => Record<string, string> | Promise<Record<string, string>> = () => ({}),
): BrowserWorld {
  let system: TestSystem | undefined;
  let browser: Browser | undefined;
  let requests: RequestTrace | undefined;
  beforeAll(async () => {
    // Info, for the answers' times in a failed test's report (reportFailures).
    system = await startTestSystem({ WEB_DIST_DIR: inject('webDist'), LOG_LEVEL: 'info', ...(await env()) });
    browser = await launchBrowser();
    requests = traceRequests(browser);
  });
  reportFailures({ requests: () => requests, serverLogs: () => system?.logs });
  afterAll(async () => {
    await browser?.close();
    await system?.stop();
  });
  return {
    get system() {
      return started(system, 'system');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}

/**
 * A browser context signed in as the account `client` signed up with over the API (see signIn). For suites
 * whose author and book are made over the API, because the journey that makes them in the UI is walked by
 * book-flow.test.ts.
 */
export async function signedInContext(
  world: BrowserWorld,
  client: HttpClient,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await world.browser.newContext(options);
  await signIn(context, world, client);
  return context;
}

/** Signs a browser context in as `client`'s account: its cookies (the session and the CSRF token) copied in. */
export async function signIn(context: BrowserContext, world: BrowserWorld, client: HttpClient): Promise<void> {
  await context.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: world.system.url })));
}

/**
 * Where the calling suite saves screenshots of its steps: the directory SHOTS_DIR names (e.g.
 * SHOTS_DIR=/tmp/shots56), made before the suite's tests; undefined when unset, and no screenshots are taken.
 */
export function useShotsDir(): string | undefined {
  const dir = process.env.SHOTS_DIR || undefined;
  if (dir)
    beforeAll(async () => {
      await mkdir(dir, { recursive: true });
    });
  return dir;
}
