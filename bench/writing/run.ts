/**
 * Writing-pipeline bench (ARCHITECTURE.md §10): a 12-chapter book written by the real writer service
 * through the real `openai` SDK against a local OpenAI-compatible server that takes a fixed time per
 * call. Runs the same plan twice in one process — strictly sequential (WRITER_CONCURRENCY=1 and
 * WRITER_OVERLAP_NOTES=false: every call waits for the one before), then as configured by default — and
 * prints both wall times and their ratio. Target: ≤ 0.20.
 *
 *   node --import tsx bench/writing/run.ts [--latency-ms 150] [--chapters 12] [--concurrency 4]
 */
import { printResults } from '../support/results';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { events } from '@bookwright/contracts';
import { startScriptedOpenAiServer, type RecordedRequest, type ScriptedReply } from '@bookwright/ai/testing';
import { createFsBlobStore, createInProcessBus, createLogger, openServiceDatabase, parseConfig } from '@bookwright/kit';
import { WriterConfigSchema } from '../../services/writer/src/config';
import { migrations } from '../../services/writer/src/db/migrations';
import { createWriterService } from '../../services/writer/src/service';
import { buildBrief, buildFictionState, FakeBookService } from '../../services/writer/src/testing/books';

// Issue 22 (ARCHITECTURE.md §10 asked for 0.40).
const target = 0.2;

const { values } = parseArgs({
  options: {
    'latency-ms': { type: 'string', default: '150' },
    chapters: { type: 'string', default: '12' },
    concurrency: { type: 'string' },
  },
});
const latencyMs = positiveInt(values['latency-ms'], '--latency-ms');
const chapters = positiveInt(values.chapters, '--chapters');
const defaults = parseConfig(WriterConfigSchema, {});
const concurrency = values.concurrency ? positiveInt(values.concurrency, '--concurrency') : defaults.WRITER_CONCURRENCY;

const logger = createLogger({ service: 'bench-writing', level: 'warn' });
const words =
  'harbour lantern morning quietly window careful silver river ancient letter promise village shadow garden distant thunder bridge market whisper captain journey sudden bright stone winter coastal narrow wooden orchard patient'.split(
    ' ',
  );

/** The model: prose of the length the prompt asks for, or the chapter notes for a structured call. */
function answer(request: RecordedRequest): ScriptedReply {
  const prompt = request.body.messages?.at(-1)?.content ?? '';
  if (request.body.response_format) {
    const chapter = /Chapter (\d+)/.exec(prompt)?.[1] ?? '?';
    return { json: { summary: `Chapter ${chapter} moves the story on.`, facts: [`Chapter ${chapter} happened.`] } };
  }
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
    const book = books.add(buildBrief({ bookState: buildFictionState(chapters) }));
    const callsBefore = countCalls();
    const started = performance.now();
    await bus.publish(events.bookConfirmed, { bookId: book._id, userId: book.userId, attempt: 1 });
    await books.waitFor(() => books.completions.length > 0 || books.failures.length > 0, 10 * 60_000);
    const wallMs = performance.now() - started;
    if (books.failures.length > 0) throw new Error(`${label}: writing failed: ${books.failures[0]?.reason}`);
    return { wallMs, calls: countCalls() - callsBefore, pages: books.completions[0]?.pages ?? 0 } satisfies RunResult;
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

const server = await startScriptedOpenAiServer({ latencyMs, respond: answer });
try {
  const countCalls = () => server.chatRequests().length;
  console.log(`writing bench: ${chapters} chapters, ${latencyMs} ms per LLM call, openai SDK → ${server.baseURL}`);
  // Migrations (the first PGlite start) outside the measured runs.
  await openServiceDatabase({ service: 'writer', schema: 'writer_bench_warmup', migrations, logger }).then((d) =>
    d.close(),
  );
  const sequential = await writeOneBook(
    'sequential',
    { concurrency: 1, overlapNotes: false },
    server.baseURL,
    countCalls,
  );
  console.log(
    `  strictly sequential (concurrency 1, no overlap): ${(sequential.wallMs / 1000).toFixed(2)} s, ${sequential.calls} calls, ${sequential.pages} pages`,
  );
  const parallel = await writeOneBook(
    'parallel',
    { concurrency, overlapNotes: defaults.WRITER_OVERLAP_NOTES },
    server.baseURL,
    countCalls,
  );
  console.log(
    `  parallel (concurrency ${concurrency}):   ${(parallel.wallMs / 1000).toFixed(2)} s, ${parallel.calls} calls, ${parallel.pages} pages`,
  );
  const ratio = parallel.wallMs / sequential.wallMs;
  const met = ratio <= target;
  console.log(`  ratio parallel / sequential: ${ratio.toFixed(3)} (target ≤ ${target}) — ${met ? 'met' : 'NOT met'}`);
  printResults('writing', [
    {
      figure: `writing: ${chapters}-chapter book, ${latencyMs} ms per LLM call`,
      value: Number((parallel.wallMs / 1000).toFixed(2)),
      unit: 's',
      anchor: { name: 'strictly sequential writer', value: Number((sequential.wallMs / 1000).toFixed(2)) },
      ratio,
      target: `≤ ${target}`,
      met,
    },
  ]);
  if (!met) process.exitCode = 1;
} finally {
  await server.close();
}
