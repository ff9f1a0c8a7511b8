/**
 * Writing-pipeline bench (ARCHITECTURE.md §10): a 12-chapter book written by the real writer service
 * through the real `openai` SDK against a local OpenAI-compatible server that takes a fixed time per
 * call. Writes the same plan strictly sequentially (WRITER_CONCURRENCY=1 and WRITER_OVERLAP_NOTES=false:
 * every call waits for the one before) and as configured by default, in pairs: one warm-up pair (not
 * counted: the first book pays for module loading and JIT), then `--pairs` measured pairs. Prints each
 * pair and the median of the ratios. Target: ≤ 0.20. `--timeline` prints when each call of the measured
 * runs started and ended, relative to the confirmation, so the critical path can be read off.
 *
 *   node --import tsx bench/writing/run.ts [--latency-ms 150] [--chapters 12] [--concurrency 4] [--pairs 3] [--timeline]
 */
import { printResults } from '../support/results';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { events } from '@bookwright/contracts/events';
import { startScriptedOpenAiServer, type RecordedRequest, type ScriptedReply } from '@bookwright/ai/testing';
import { createFsBlobStore, createInProcessBus, createLogger, openServiceDatabase, parseConfig } from '@bookwright/kit';
import { WriterConfigSchema } from '../../services/writer/src/config';
import { migrations } from '../../services/writer/src/db/migrations';
import { createWriterService } from '../../services/writer/src/service';
import { FakeBookService } from '@bookwright/kit/testing';
import { buildBrief, buildFictionState } from '../../services/writer/src/testing/books';

// Issue 22 (ARCHITECTURE.md §10 asked for 0.40).
const target = 0.2;

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '150' },
    chapters: { type: 'string', default: '12' },
    concurrency: { type: 'string' },
    pairs: { type: 'string', default: '3' },
    timeline: { type: 'boolean', default: false },
  },
});
const pairs = positiveInt(values.pairs, '--pairs');
const latencyMs = positiveInt(values['latency-ms'], '--latency-ms');
const chapters = positiveInt(values.chapters, '--chapters');
const defaults = parseConfig(WriterConfigSchema, {});
const concurrency = values.concurrency ? positiveInt(values.concurrency, '--concurrency') : defaults.WRITER_CONCURRENCY;

const logger = createLogger({ service: 'bench-writing', level: 'warn' });
const words =
  'harbour lantern morning quietly window careful silver river ancient letter promise village shadow garden distant thunder bridge market whisper captain journey sudden bright stone winter coastal narrow wooden orchard patient'.split(
    ' ',
  );

/** Each call the model got, by what it was for (`ch 3 part 2`, `ch 3 notes`): the timeline's rows. */
const calls: { what: string; receivedAt: number }[] = [];
const partsSeen = new Map<string, number>();

/** The model: prose of the length the prompt asks for, or the chapter notes for a structured call. */
function answer(request: RecordedRequest): ScriptedReply {
  const prompt = request.body.messages?.at(-1)?.content ?? '';
  if (request.body.response_format) {
    const chapter = /Chapter (\d+)/.exec(prompt)?.[1] ?? '?';
    calls.push({ what: `ch ${chapter.padStart(2)} notes`, receivedAt: request.receivedAt });
    return { json: { summary: `Chapter ${chapter} moves the story on.`, facts: [`Chapter ${chapter} happened.`] } };
  }
  const chapter = /Chapter (\d+) of \d+/.exec(prompt)?.[1] ?? '?';
  const part = (partsSeen.get(chapter) ?? 0) + 1;
  partsSeen.set(chapter, part);
  calls.push({ what: `ch ${chapter.padStart(2)} part ${part}`, receivedAt: request.receivedAt });
  const asked = Number(/Write about (\d+) words/.exec(prompt)?.[1] ?? 500);
  const sentences: string[] = [];
  for (let i = 0, n = 0; n < asked; i += 1) {
    const length = 8 + (i % 9);
    const sentence = Array.from({ length }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
    sentences.push(`${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`);
    n += length;
  }
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += 5) paragraphs.push(sentences.slice(i, i + 5).join(' '));
  return { content: paragraphs.join('\n\n') };
}

interface RunResult {
  wallMs: number;
  calls: number;
  pages: number;
  /** The run's calls: start (as the server received them) and end, ms after the confirmation. */
  timeline: { what: string; startMs: number; endMs: number }[];
}

/** One complete book: a fresh writer, bus, database and blob store; the clock runs from confirm to manuscript. */
async function writeOneBook(
  label: string,
  writer: { concurrency: number; overlapNotes: boolean },
  baseURL: string,
  countCalls: () => number,
) {
  const bus = createInProcessBus({ logger });
  const books = new FakeBookService();
  await books.serve(bus);
  const blobDir = await mkdtemp(join(tmpdir(), 'bench-writing-'));
  const config = parseConfig(WriterConfigSchema, {
    LOG_LEVEL: 'warn',
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: 'bench',
    LLM_MODEL: 'bench-model',
    WRITER_CONCURRENCY: String(writer.concurrency),
    WRITER_OVERLAP_NOTES: String(writer.overlapNotes),
  });
  const service = await createWriterService().start({
    name: 'writer',
    config,
    logger: logger.child({ run: label }),
    bus,
    blobs: createFsBlobStore({ root: blobDir }),
    openDatabase: (list) =>
      openServiceDatabase({ service: 'writer', schema: `writer_bench_${label}`, migrations: list, logger }),
  });
  try {
    const book = books.addBrief(buildBrief({ bookState: buildFictionState(chapters) }));
    const callsBefore = countCalls();
    calls.length = 0;
    partsSeen.clear();
    const startedAt = Date.now();
    const started = performance.now();
    await bus.publish(events.bookConfirmed, { bookId: book._id, userId: book.userId, attempt: 1 });
    await books.waitFor(() => books.completions.length > 0 || books.failures.length > 0, 10 * 60_000);
    const wallMs = performance.now() - started;
    if (books.failures.length > 0) throw new Error(`${label}: writing failed: ${books.failures[0]?.reason}`);
    const timeline = calls.map((c) => ({
      what: c.what,
      startMs: c.receivedAt - startedAt,
      endMs: c.receivedAt - startedAt + latencyMs,
    }));
    return {
      wallMs,
      calls: countCalls() - callsBefore,
      pages: books.completions[0]?.pages ?? 0,
      timeline,
    } satisfies RunResult;
  } finally {
    await service.stop();
    await books.stop();
    await bus.close();
    await rm(blobDir, { recursive: true, force: true });
  }
}

function positiveInt(value: string | undefined, name: string): number {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return parsed;
}

function printTimeline(label: string, run: RunResult): void {
  const scale = 40 / Math.max(1, run.wallMs);
  console.log(`  timeline of the ${label} run (ms after the confirmation; each # ≈ ${(1 / scale).toFixed(0)} ms):`);
  for (const call of [...run.timeline].sort((a, b) => a.startMs - b.startMs || a.what.localeCompare(b.what))) {
    const bar = ' '.repeat(Math.round(call.startMs * scale)) + '#'.repeat(Math.max(1, Math.round(latencyMs * scale)));
    console.log(
      `    ${call.what.padEnd(12)} ${String(call.startMs).padStart(6)} → ${String(call.endMs).padStart(6)}  ${bar}`,
    );
  }
  console.log(`    manuscript handed over at ${run.wallMs.toFixed(0)} ms`);
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const server = await startScriptedOpenAiServer({ latencyMs, respond: answer });
try {
  const countCalls = () => server.chatRequests().length;
  console.log(
    `writing bench: ${chapters} chapters, ${latencyMs} ms per LLM call, openai SDK → ${server.baseURL}; ` +
      `one warm-up pair, then the median of ${pairs}`,
  );
  // Migrations (the first PGlite start) outside the measured runs.
  await openServiceDatabase({ service: 'writer', schema: 'writer_bench_warmup', migrations, logger }).then((d) =>
    d.close(),
  );
  const results: { sequential: RunResult; parallel: RunResult; ratio: number }[] = [];
  for (let pair = 0; pair <= pairs; pair += 1) {
    const sequential = await writeOneBook(
      `sequential_${pair}`,
      { concurrency: 1, overlapNotes: false },
      server.baseURL,
      countCalls,
    );
    const parallel = await writeOneBook(
      `parallel_${pair}`,
      { concurrency, overlapNotes: defaults.WRITER_OVERLAP_NOTES },
      server.baseURL,
      countCalls,
    );
    const ratio = parallel.wallMs / sequential.wallMs;
    const name = pair === 0 ? 'warm-up' : `pair ${pair}`;
    console.log(
      `  ${name.padEnd(7)}: strictly sequential ${(sequential.wallMs / 1000).toFixed(2)} s (${sequential.calls} calls, ` +
        `${sequential.pages} pages); default (concurrency ${concurrency}) ${(parallel.wallMs / 1000).toFixed(2)} s ` +
        `(${parallel.calls} calls, ${parallel.pages} pages); ratio ${ratio.toFixed(3)}`,
    );
    if (pair === 0) continue;
    results.push({ sequential, parallel, ratio });
    if (values.timeline) printTimeline(`default (${name})`, parallel);
  }
  const ratio = median(results.map((r) => r.ratio));
  const sequentialMs = median(results.map((r) => r.sequential.wallMs));
  const parallelMs = median(results.map((r) => r.parallel.wallMs));
  const met = ratio <= target;
  console.log(
    `  median ratio default / sequential over ${pairs} pair(s): ${ratio.toFixed(3)} (target ≤ ${target}) — ${met ? 'met' : 'NOT met'}`,
  );
  printResults('writing', [
    {
      figure: `writing: ${chapters}-chapter book, ${latencyMs} ms per LLM call (median of ${pairs})`,
      value: Number((parallelMs / 1000).toFixed(2)),
      unit: 's',
      anchor: { name: 'strictly sequential writer', value: Number((sequentialMs / 1000).toFixed(2)) },
      ratio,
      target: `≤ ${target}`,
      met,
    },
  ]);
  if (!met) process.exitCode = 1;
} finally {
  await server.close();
}
