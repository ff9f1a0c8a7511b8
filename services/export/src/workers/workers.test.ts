import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PrintOptions } from '@bookwright/contracts/http';
import { afterAll, describe, expect, it } from 'vitest';
import { HardcoverCoverNotSupportedError } from '../pdf/kdp-rules';
import { buildCoverImage, typesetExportBook } from '../pdf/testing/books';
import { RenderWorkerPool } from './pool';
import {
  closeRenderWorkers,
  countInteriorPagesInWorker,
  renderCoverPdfInWorker,
  renderEpubInWorker,
  renderInteriorPdfInWorker,
} from './index';

const print: PrintOptions = {
  platform: 'kdp',
  exportType: 'interior',
  trimSize: '6x9',
  paperColor: 'white',
  isPaperback: true,
  bleed: false,
};
const text = (bytes: Uint8Array, length: number) => Buffer.from(bytes.subarray(0, length)).toString('latin1');

afterAll(async () => {
  await closeRenderWorkers();
});

describe('render workers', () => {
  it('renders an interior in a worker thread and transfers the bytes back', async () => {
    const book = typesetExportBook({}, { chapters: 2, wordsPerChapter: 500 });
    const result = await renderInteriorPdfInWorker(book, print);
    expect(text(result.pdf, 5)).toBe('%PDF-');
    expect(result.pdf).toBeInstanceOf(Uint8Array);
    expect(result.pageCount % 2).toBe(0);
    // The caller's book is copied, not transferred: it is still usable for the cover.
    expect(book.document.content.length).toBeGreaterThan(0);
    expect(await countInteriorPagesInWorker(book, print)).toBe(result.pageCount);
  });

  it('keeps the event loop ticking while a 100,000-word interior renders', { timeout: 180_000 }, async () => {
    const book = typesetExportBook({}, { chapters: 30, wordsPerChapter: 3334 });
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 20);
    const started = performance.now();
    const result = await renderInteriorPdfInWorker(book, print);
    const elapsed = performance.now() - started;
    clearInterval(timer);
    console.log(
      `100k words: ${result.pageCount} pages in ${Math.round(elapsed)} ms; ${ticks} ticks, longest gap ${Math.round(longestGap)} ms`,
    );
    expect(result.pageCount).toBeGreaterThan(300);
    // Rendered in this thread, the render would block it throughout: no tick could run until it ended.
    expect(ticks).toBeGreaterThan(10);
  });

  it('rebuilds render errors as their own classes', async () => {
    const data = await buildCoverImage(400, 600);
    const book = typesetExportBook({ cover: { data, contentType: 'image/png', widthPx: 400, heightPx: 600 } });
    await expect(renderCoverPdfInWorker(book, { ...print, isPaperback: false }, 120)).rejects.toBeInstanceOf(
      HardcoverCoverNotSupportedError,
    );
    const cover = await renderCoverPdfInWorker(book, print, 120);
    expect(text(cover, 5)).toBe('%PDF-');
  });

  const epubModule = fileURLToPath(new URL('../epub/index.ts', import.meta.url));
  it.skipIf(!existsSync(epubModule))('runs the EPUB builder of services/export/src/epub', async () => {
    const book = typesetExportBook({}, { chapters: 2, wordsPerChapter: 300 });
    const epub = await renderEpubInWorker(book, { modified: new Date('2025-01-01T00:00:00Z') });
    expect(text(epub, 2)).toBe('PK');
  });

  it('runs tasks one per worker, queues the rest, and survives a stopped pool', async () => {
    const pool = new RenderWorkerPool({ size: 1, idleTimeoutMs: 1_000 });
    const book = typesetExportBook({}, { chapters: 1, wordsPerChapter: 200 });
    const results = await Promise.all([
      pool.run<{ pageCount: number }>({ kind: 'interior', book, options: print }),
      pool.run<{ pageCount: number }>({ kind: 'interior', book, options: { ...print, trimSize: '5x8' } }),
    ]);
    expect(pool.workerCount).toBe(1);
    expect(results.map((r) => r.pageCount % 2)).toEqual([0, 0]);
    await pool.close();
    await expect(pool.run({ kind: 'interiorPageCount', book, options: print })).rejects.toThrow(/closed/);
  });

  it('works under plain `node --import tsx`, outside vitest', { timeout: 60_000 }, () => {
    const script = fileURLToPath(new URL('./worker-smoke.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8', timeout: 55_000 });
    expect(run.status, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout.trim()) as { pageCount: number; bytes: number };
    expect(output.pageCount).toBeGreaterThan(0);
    expect(output.bytes).toBeGreaterThan(1000);
  });
});
