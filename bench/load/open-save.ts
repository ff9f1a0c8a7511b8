/**
 * The open and save rows of the load bench (issue 22), each against a bare Fastify route measured in the
 * same run just before it (bench/load/bare-manuscript-server.ts):
 * - `GET /book/{id}` of a ready 100-page book at 20 connections, against a route answering the same bytes;
 * - `PATCH /book/content/{id}` of the whole manuscript, one author on one connection (each save changes
 *   one chapter), sent as the editor sends it (`If-Match` the previous answer's ETag, `Prefer:
 *   return=minimal`, bench/load/sequential-saves.ts), against a route parsing the same body in the same loop.
 * - the same save when one chapter changed: a partial save (bench/load/partial-save.ts), against the same
 *   route as the whole save, as the issue's table says (decision 0037); a route parsing only the chapter
 *   is measured too and its ratio printed for the record.
 * The open row runs right after its anchor; the save rows and their anchors take turns (`inTurn`), on two
 * authors' books (the whole saves on the first's, the partial saves on the second's). Afterwards each
 * manuscript is read back and must be its last acknowledged save.
 */
import autocannon, { type Result } from 'autocannon';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchFigure } from '../support/results';
import { asAuthors, type Author } from './authors';
import { manuscript, manuscriptChapters } from './manuscript';
import { startBareServer, type Mode } from './system-process';
import { afterPartialSaves, partialSave, partialSaveTarget, partialSeed } from './partial-save';
import { inTurn, SaveLoop } from './sequential-saves';

export const openTargets = { ratio: 0.3, p99Ms: 100, connections: 20 } as const;
export const saveTarget = 0.2;
/** How many turns the save rows and their anchors take (`inTurn`). */
const saveSlices = 6;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const measure = (r: Result): Measured => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p99: r.latency.p99,
  errors: r.errors + r.timeouts + r.non2xx,
});

const line = (route: string, m: Measured, anchor?: Measured) =>
  `   ${route.padEnd(34)} ${m.rps.toFixed(0).padStart(6)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms` +
  (anchor ? `  ${(m.rps / anchor.rps).toFixed(3)}× bare` : '') +
  `  errors ${m.errors}`;

/** The whole manuscript with chapter `edit % manuscriptChapters` changed: the web app's whole save. */
const wholeSave = (edit: number) => JSON.stringify({ bookContent: manuscript(0, edit % manuscriptChapters, edit) });

export async function measureOpenAndSave(
  mode: Mode,
  systemUrl: string,
  authors: Author[],
  seconds: number,
): Promise<BenchFigure[]> {
  // Every author's ready book gets the 100-page manuscript the rows are about.
  for (const [i, author] of authors.entries()) {
    const saved = await author.client.patch(`/api/v1/book/content/${author.bookId}`, {
      bookContent: manuscript(i, 0, 0),
    });
    if (saved.status !== 200) throw new Error(`seeding the manuscript: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  const first = authors[0] as Author;
  const opened = await fetch(`${systemUrl}/api/v1/book/${first.bookId}`, { headers: { cookie: first.cookie } });
  const bytes = await opened.text();
  const dir = await mkdtemp(join(tmpdir(), 'bookwright-open-save-'));
  const bodyFile = join(dir, 'book.json');
  await writeFile(bodyFile, bytes);
  console.log(`   the opened book: ${(bytes.length / 1024).toFixed(0)} KB of JSON`);

  try {
    const run = (url: string, options: Omit<autocannon.Options, 'url'>) =>
      autocannon({ url, duration: seconds, ...options }).then(measure);
    // The whole saves go to the first author's book, the partial saves to the second's, so the loops can
    // take turns: each starts on its book's ETag, the partial saves from a known manuscript.
    const second = authors[1];
    if (!second) throw new Error('the save rows need two authors');
    const before = await first.client.get<{ etag: string }>(`/api/v1/book/${first.bookId}`);
    const seeded = await second.client.patch<{ etag: string }>(`/api/v1/book/content/${second.bookId}`, {
      bookContent: partialSeed(),
    });
    if (seeded.status !== 200) throw new Error(`seeding the partial saves: ${seeded.status}`);
    const bare = await startBareServer('bench/load/bare-manuscript-server.ts', { BODY_FILE: bodyFile });
    let bareOpen: Measured;
    let open: Measured;
    const loops = {
      bareSave: new SaveLoop(bare.url, first, '"v1"', wholeSave),
      save: new SaveLoop(systemUrl, first, before.body.etag, wholeSave),
      barePartial: new SaveLoop(bare.url, first, '"v1"', partialSave),
      partial: new SaveLoop(systemUrl, second, seeded.body.etag, partialSave),
    };
    try {
      bareOpen = await run(`${bare.url}/api/v1/book/${first.bookId}`, { connections: openTargets.connections });
      open = await run(systemUrl, {
        connections: openTargets.connections,
        requests: asAuthors(authors, (a) => `/api/v1/book/${a.bookId}`),
      });
      // Each save row and its anchor take turns (SaveLoop, inTurn): a ratio of two windows a minute apart
      // measured the machine's drift as much as the system.
      await inTurn(Object.values(loops), seconds, saveSlices);
    } finally {
      await bare.stop();
    }
    const bareSave = loops.bareSave.measure;
    const save = loops.save.measure;
    const barePartial = loops.barePartial.measure;
    const partial = loops.partial.measure;

    const stored = (await first.client.get<{ bookContent: string | null }>(`/api/v1/book/${first.bookId}`)).body
      .bookContent;
    const kept = stored === manuscript(0, save.lastAcked % manuscriptChapters, save.lastAcked);
    const afterPartial = (await second.client.get<{ bookContent: string | null }>(`/api/v1/book/${second.bookId}`)).body
      .bookContent;
    const partialKept = afterPartial === afterPartialSaves(partial.lastAcked);

    console.log(line(`bare GET (same bytes), ${openTargets.connections} conn.`, bareOpen));
    console.log(line(`GET /book/{id}, ${openTargets.connections} connections`, open, bareOpen));
    console.log(line('bare PATCH (parses the body), 1 conn.', bareSave));
    console.log(line('PATCH /book/content/{id}, 1 author', save, bareSave));
    console.log(line('bare PATCH (one chapter), 1 conn.', barePartial));
    console.log(line('PATCH content, one chapter, 1 author', partial, bareSave));
    // The row reads "the same bare route": the whole save's anchor, which the row is judged by
    // (decision 0037). The stricter one-chapter anchor is printed beside it, so both readings are on record.
    console.log(
      `   the same partial saves against the one-chapter anchor: ${(partial.rps / barePartial.rps).toFixed(3)}×`,
    );
    console.log(`   the author's manuscript read back: ${kept ? 'the last acknowledged save' : 'NOT the last save'}`);
    console.log(`   after the partial saves: ${partialKept ? 'the last acknowledged save' : 'NOT the last save'}`);

    const openRatio = open.rps / bareOpen.rps;
    const saveRatio = save.rps / bareSave.rps;
    const partialRatio = partial.rps / bareSave.rps;
    return [
      {
        figure: `load ${mode}: GET /book/{id}, 100-page book, ${openTargets.connections} connections`,
        value: Math.round(open.rps),
        unit: 'req/s',
        anchor: { name: 'bare route, same bytes', value: Math.round(bareOpen.rps) },
        ratio: openRatio,
        target: `≥ ${openTargets.ratio}×`,
        met: openRatio >= openTargets.ratio,
      },
      {
        figure: `load ${mode}: GET /book/{id} p99`,
        value: open.p99,
        unit: 'ms',
        target: `≤ ${openTargets.p99Ms} ms`,
        met: open.p99 <= openTargets.p99Ms,
      },
      {
        figure: `load ${mode}: PATCH /book/content/{id}, whole manuscript, 1 author`,
        value: Math.round(save.rps),
        unit: 'req/s',
        anchor: { name: 'bare route parsing the body', value: Math.round(bareSave.rps) },
        ratio: saveRatio,
        target: `≥ ${saveTarget}×`,
        met: saveRatio >= saveTarget,
      },
      {
        figure: `load ${mode}: PATCH /book/content/{id}, one chapter changed (partial), 1 author`,
        value: Math.round(partial.rps),
        unit: 'req/s',
        anchor: { name: "bare route parsing the whole manuscript (the whole save's)", value: Math.round(bareSave.rps) },
        ratio: partialRatio,
        target: `≥ ${partialSaveTarget}×`,
        met: partialRatio >= partialSaveTarget,
      },
      {
        figure: `load ${mode}: partial save against a bare route parsing one chapter (for the record)`,
        value: Math.round(partial.rps),
        unit: 'req/s',
        anchor: { name: 'bare route parsing the one chapter', value: Math.round(barePartial.rps) },
        ratio: partial.rps / barePartial.rps,
      },
      {
        figure: `load ${mode}: open/save errors`,
        value: open.errors + save.errors + partial.errors,
        unit: 'responses',
        target: '0',
        met: open.errors + save.errors + partial.errors === 0,
      },
      {
        figure: `load ${mode}: whole-manuscript save read back`,
        value: kept ? 1 : 0,
        unit: 'identical',
        target: '1',
        met: kept,
      },
      {
        figure: `load ${mode}: partial saves read back`,
        value: partialKept ? 1 : 0,
        unit: 'identical',
        target: '1',
        met: partialKept,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
