/**
 * Measures how fast the editor answers typing on a full 100-page book (~26,000 words), in Chromium, against
 * the built app and a mocked API:
 *   npx vite build web && node --import tsx tests/e2e/support/typing-latency.ts [characters] [cpu-slowdown...]
 * For each key: the time from the keydown event to the end of the next frame (requestAnimationFrame, then a
 * task), plus the browser's own Event Timing entries (keydown to next paint, reported from 16 ms up).
 * Not a test (ARCHITECTURE §10: budgets are measured by scripts, never by timed tests).
 */
import type { CDPSession, Page } from 'playwright-core';
import { sampleLibrary } from './books';
import { launchBrowser } from './browser';
import { mockApi } from './mock-api';
import { startPreview } from './preview';

const characters = Number(process.argv[2] ?? 300);
const slowdowns = process.argv.slice(3).map(Number);
/** BOOK_WORDS=2000 measures a short document for comparison. */
const bookWords = Number(process.env.BOOK_WORDS ?? 25_000);
const text = 'The lamp burned low and she read the letter again, slowly, as if the words might change. ';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(page: Page, cdp: CDPSession, slowdown: number) {
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
  await page.evaluate(() => {
    const state = window as unknown as { __latency: number[]; __events: { name: string; duration: number }[] };
    state.__latency = [];
    state.__events = [];
    document.addEventListener(
      'keydown',
      (event) => {
        const start = event.timeStamp;
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => state.__latency.push(performance.now() - start);
          channel.port2.postMessage(0);
        });
      },
      true,
    );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.__events.push({ name: entry.name, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16 } as PerformanceObserverInit);
  });
  // Type in the middle of the book (chapter 6), where a large document hurts most.
  const count = await page.locator('.book-editor p').count();
  const paragraph = page.locator('.book-editor p').nth(Math.floor(count / 2));
  await paragraph.scrollIntoViewIfNeeded();
  await paragraph.click();
  await page.keyboard.press('End');
  const started = Date.now();
  for (let i = 0; i < characters; i++) await page.keyboard.type(text[i % text.length]!, { delay: 40 });
  const elapsed = Date.now() - started;
  await page.waitForTimeout(1500); // let the debounced word count run and the last frames land
  const { latency, events } = await page.evaluate(() => {
    const state = window as unknown as { __latency: number[]; __events: { name: string; duration: number }[] };
    return { latency: state.__latency, events: state.__events };
  });
  const keyEvents = events.filter((e) => e.name === 'keydown' || e.name === 'keypress' || e.name === 'input');
  return {
    slowdown,
    keys: latency.length,
    typingMs: elapsed,
    p50: percentile(latency, 50),
    p95: percentile(latency, 95),
    max: Math.max(...latency),
    over50ms: latency.filter((l) => l > 50).length,
    eventTimingOver16ms: keyEvents.length,
    eventTimingMax: Math.max(0, ...keyEvents.map((e) => e.duration)),
  };
}

const server = await startPreview();
const browser = await launchBrowser();
try {
  const results = [];
  for (const slowdown of slowdowns.length ? slowdowns : [1, 4]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await mockApi(page, { signedIn: true, user: { accountType: 'starter' }, books: sampleLibrary(bookWords) });
    const opening = Date.now();
    await page.goto(`${server.url}/app/edit/ready`);
    await page.getByRole('textbox', { name: 'Manuscript' }).waitFor();
    const openMs = Date.now() - opening;
    const words = await page.getByTestId('word-count').textContent();
    const pages = await page.getByTestId('page-estimate').textContent();
    const nodes = await page.evaluate(() => document.querySelectorAll('.book-editor > *').length);
    const cdp = await context.newCDPSession(page);
    const result = await measure(page, cdp, slowdown);
    const after = await page.getByTestId('word-count').textContent();
    results.push({ book: `${words}, ${pages}, ${nodes} blocks`, openMs, wordCountAfterTyping: after, ...result });
    await context.close();
  }
  for (const r of results) {
    console.log(
      [
        `CPU ${r.slowdown}x · ${r.book} · editor ready ${r.openMs} ms after navigation · ${r.keys} keys in ${r.typingMs} ms`,
        `  keydown → next frame: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${r.over50ms} over 50 ms`,
        `  Event Timing (keydown/keypress/input ≥ 16 ms): ${r.eventTimingOver16ms} entries, max ${r.eventTimingMax} ms`,
        `  word count after typing: ${r.wordCountAfterTyping}`,
      ].join('\n'),
    );
  }
} finally {
  await browser.close();
  await server.close();
}
