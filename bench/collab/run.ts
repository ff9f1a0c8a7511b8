/**
 * Live books (issue 44): the collab path of the embedded all-in-one process (`npm start`: the gateway, the
 * collab service with its authentication, access checks and persistence, the book service, PGlite), each
 * figure against an anchor measured in the same run, never a threshold in a test.
 *
 * - Edit propagation: 10 clients in one 100-page book (10 chapters of 2,500 words); each edit typed by one
 *   client (in turn) is timed until each of the 9 others holds it; p99 of those times. Anchor: the same
 *   clients and edits on a bare Hocuspocus server (no authentication, no persistence; bare-hocuspocus.ts, a
 *   process of its own as the system is), the same book filled by the first client. Target ≤ 1.5×.
 * - Opening a 100,000-word book live (40 chapters): a new client's connection until its document is synced,
 *   the document not held by the server before (it loads the stored Yjs state of the stored version when a
 *   live save left one, else builds it from the chapters, as here; the first open of the process, colder,
 *   is printed apart). Anchor: `GET /book/{id}` of the same book
 *   and parsing its manuscript into the editor's schema (ProseMirror `Node.fromJSON`), what the solo editor
 *   does. Medians of the runs, in turns. Target ≤ 1.5×.
 * - Memory per open 100,000-word book: what the process holds (V8 heap used + external memory) after a full
 *   GC with 3 such books open (one client each), less the same at idle, over 3. Target ≤ 10 MB.
 * - Idle memory, embedded, with the collab service in it: RSS after a full GC, the books written. ≤ 300 MB.
 *
 * The clients run in this process for both targets (ws, @hocuspocus/provider as the browser uses it).
 *
 *   node --import tsx bench/collab/run.ts [--edits 300] [--opens 9]
 */
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import * as Y from 'yjs';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { TiptapDocument } from '@bookwright/contracts/http';
import { yXmlFragmentToProseMirrorRootNode } from '@tiptap/y-tiptap';
import { bookSchema, fillYDoc, manuscriptFragmentName } from '@bookwright/manuscript';
import { liveClient, until, type LiveClient } from '@bookwright/collab/testing';
import { freePorts } from '../../tests/support/ports';
import { prepareAuthors, type Author } from '../load/authors';
import { chapter } from '../load/manuscript';
import { startBareServer, startSystemProcess } from '../load/system-process';
import { Inspector } from '../support/inspector';
import { printResults } from '../support/results';

// Node 20 has a WebSocket client (the inspector's) only behind a flag: run again with it.
if (typeof WebSocket === 'undefined') {
  const again = spawnSync(
    process.execPath,
    ['--experimental-websocket', ...process.execArgv, ...process.argv.slice(1)],
    { stdio: 'inherit' },
  );
  process.exit(again.status ?? 1);
}

const { values } = parseArgs({
  options: {
    edits: { type: 'string', default: '300' },
    opens: { type: 'string', default: '9' },
    breakdown: { type: 'string', default: '3' },
  },
});
const edits = Number(values.edits);
const opens = Number(values.opens);
/** Opens made after the measured ones with the system's CPU profiled, for the breakdown (0: none). */
const breakdown = Number(values.breakdown);
const clientsInBook = 10;
const openBooks = 3;
const targets = { propagation: 1.5, open: 1.5, perBookMb: 10, idleMb: 300 };

const manuscriptOf = (author: number, chapters: number, tag = 'edit 0'): TiptapDocument =>
  ({
    type: 'doc',
    content: Array.from({ length: chapters }, (_, i) => chapter(author, i, tag)).flat(),
  }) as TiptapDocument;
const words = (document: TiptapDocument) =>
  JSON.stringify(document)
    .match(/"text":"[^"]*"/g)!
    .reduce((sum, text) => sum + text.split(' ').length, 0);

const mb = (bytes: number) => bytes / 1024 / 1024;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const median = (values: number[]) => quantile(values, 0.5);

async function store(author: Author, document: TiptapDocument): Promise<void> {
  const saved = await author.client.patch(`/api/v1/book/content/${author.bookId}`, {
    bookContent: JSON.stringify(document),
  });
  if (saved.status !== 200) throw new Error(`save: ${saved.status} ${JSON.stringify(saved.body)}`);
}

async function tokenOf(author: Author): Promise<string> {
  const answer = await author.client.post<{ token: string }>(`/api/v1/book/${author.bookId}/collab-token`);
  if (answer.status !== 200) throw new Error(`collab-token: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.token;
}

/** Resolves when the provider is synced: its event, not a poll (a 20 ms poll would add up to 20 ms to an open). */
function syncedEvent(client: LiveClient, what: string): Promise<void> {
  if (client.provider.isSynced) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), 120_000);
    client.provider.on('synced', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A client whose document is in step with the server's. */
async function synced(url: string, bookId: string, token: string, doc?: Y.Doc): Promise<LiveClient> {
  const client = liveClient(url, bookId, token, doc ? { doc } : {});
  await syncedEvent(client, `client of ${bookId} synced`);
  return client;
}

/**
 * When each phase of a live open ended, in ms from its start: the token (`POST /book/{id}/collab-token`),
 * the socket open, the server's authentication answered, synced, and the editor ready (the ProseMirror
 * document built from the fragment, what y-tiptap's sync plugin does as the editor starts). `apply`: the
 * client's time in its document's transactions (applying what the server sent).
 */
interface OpenPhases {
  token: number;
  socket: number;
  authenticated: number;
  synced: number;
  ready: number;
  apply: number;
}

async function openAsTheEditor(
  url: string,
  author: Author,
  schema: ReturnType<typeof bookSchema>,
): Promise<{ phases: OpenPhases; client: LiveClient }> {
  const startedAt = performance.now();
  const at = () => performance.now() - startedAt;
  const token = await tokenOf(author);
  const phases: OpenPhases = { token: at(), socket: 0, authenticated: 0, synced: 0, ready: 0, apply: 0 };
  const doc = new Y.Doc();
  let transactionAt = 0;
  doc.on('beforeTransaction', () => (transactionAt = performance.now()));
  doc.on('afterTransaction', () => (phases.apply += performance.now() - transactionAt));
  const client = liveClient(url, author.bookId, token, { doc });
  client.provider.on('open', () => (phases.socket = at()));
  client.provider.on('authenticated', () => (phases.authenticated = at()));
  await syncedEvent(client, 'a live open');
  phases.synced = at();
  yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(manuscriptFragmentName), schema).check();
  phases.ready = at();
  return { phases, client };
}

function printPhases(title: string, runs: OpenPhases[]): void {
  const of = (pick: (phases: OpenPhases) => number) => median(runs.map(pick)).toFixed(1);
  console.log(
    `  ${title}: token ${of((p) => p.token)} ms, socket open ${of((p) => p.socket - p.token)}, ` +
      `authenticated ${of((p) => p.authenticated - p.socket)}, then synced ${of((p) => p.synced - p.authenticated)} ` +
      `(of which the client applying ${of((p) => p.apply)}), the editor's document ${of((p) => p.ready - p.synced)}; ` +
      `ready at ${of((p) => p.ready)} ms`,
  );
}

/**
 * `count` more opens with the system's main thread profiled (V8's sampling profiler, over the inspector),
 * each open alone in its profile (from its start to 300 ms after it, so the built state's store is in):
 * where the main thread's CPU went per open, by the functions of the open's path (inclusive time; the
 * database's own work is in its worker thread and shows here as waiting). `built`: an outside save first,
 * so that each open builds the document from the chapters, as every open did before the built state was
 * stored. Printed, not a figure.
 */
async function profiledOpens(
  inspector: Inspector,
  url: string,
  author: Author,
  schema: ReturnType<typeof bookSchema>,
  count: number,
  built: boolean,
): Promise<void> {
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: 250 });
  const runs: OpenPhases[] = [];
  const inclusive = new Map<string, number>();
  for (let run = 0; run < count; run++) {
    if (built) await store(author, manuscriptOf(0, 40, `profiled ${run}`));
    await new Promise((r) => setTimeout(r, 500));
    await inspector.send('Profiler.start');
    const { phases, client } = await openAsTheEditor(url, author, schema);
    runs.push(phases);
    client.destroy();
    await new Promise((r) => setTimeout(r, 300));
    const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
    for (const [name, ms] of inclusiveTimes(profile)) inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
  }
  await inspector.send('Profiler.disable');
  const kind = built ? 'built from the chapters' : 'from the stored state';
  printPhases(`profiled opens, ${kind} (median of ${count}; the profiler slows them)`, runs);
  const parts: [string, RegExp][] = [
    ['the token (gateway route)', /^createCollabToken$/],
    ['authentication (token, access check)', /^onAuthenticate$/],
    ['the document filled: the stored state applied', /^applyUpdate$/],
    ['or built from the chapters', /^fillYDoc$/],
    ['sync: the state encoded for the client', /^readSyncStep1$/],
    ['the built state stored', /^storeState$/],
    ['garbage collector', /^\(garbage collector\)$/],
  ];
  const busy = (inclusive.get('(root)') ?? 0) - (inclusive.get('(idle)') ?? 0);
  const line = [
    ...parts.map(([label, pattern]) => {
      const ms = [...inclusive].filter(([name]) => pattern.test(name)).reduce((max, [, t]) => Math.max(max, t), 0);
      return `${label} ${(ms / count).toFixed(1)}`;
    }),
    `all of its CPU ${(busy / count).toFixed(1)}`,
  ].join('; ');
  console.log(`  the system's main thread per profiled open, ${kind} (ms, inclusive): ${line}`);
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Each function's inclusive time (ms) in a CPU profile, counted once per sample however deep it recurses. */
function inclusiveTimes(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const times = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const name = byId.get(node)!.callFrame.functionName;
      if (seen.has(name)) continue;
      seen.add(name);
      times.set(name, (times.get(name) ?? 0) + ms);
    }
  });
  return times;
}

/** The text of the `index`th block (a paragraph) as a client holds it. */
function blockText(client: LiveClient, index: number): string {
  const block = client.doc.getXmlFragment(manuscriptFragmentName).get(index);
  return block instanceof Y.XmlElement ? block.toString() : '';
}

/**
 * `count` edits, each typed by the next client in turn into a paragraph of chapter 1 and timed until each
 * other client holds it (their documents' update events, read as they arrive). One edit at a time.
 */
async function propagation(clients: LiveClient[], count: number, tag: string): Promise<number[]> {
  const times: number[] = [];
  for (let edit = 0; edit < count; edit++) {
    const sender = clients[edit % clients.length]!;
    const block = 1 + (edit % 20);
    const marker = `[${tag}${edit}]`;
    const receivers = new Set(clients.filter((client) => client !== sender));
    const sentAt = performance.now();
    const arrived = new Promise<void>((resolve) => {
      for (const receiver of receivers) {
        const onUpdate = () => {
          if (!blockText(receiver, block).includes(marker)) return;
          times.push(performance.now() - sentAt);
          receiver.doc.off('update', onUpdate);
          receivers.delete(receiver);
          if (receivers.size === 0) resolve();
        };
        receiver.doc.on('update', onUpdate);
      }
    });
    sender.type(block, 0, marker);
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`edit ${edit} did not reach every client`)), 30_000).unref(),
    );
    await Promise.race([arrived, timeout]);
  }
  return times;
}

const destroyAll = (clients: LiveClient[]) => {
  for (const client of clients) client.destroy();
};

const inspectPort = await freePorts(1);
process.env.BENCH_NODE_ARGS = `${process.env.BENCH_NODE_ARGS ?? ''} --inspect=127.0.0.1:${inspectPort}`.trim();
console.log('collab bench: embedded system, and a bare Hocuspocus server');
const system = await startSystemProcess('embedded');
const bare = await startBareServer('bench/collab/bare-hocuspocus.ts');
let inspector: Inspector | undefined;
try {
  inspector = await Inspector.connect(inspectPort);
  const collabUrl = `${system.url.replace(/^http/, 'ws')}/collab`;
  const bareUrl = bare.url.replace(/^http/, 'ws');

  // Books 0–2: 100,000 words each (opened, held); book 3: 100 pages (10 clients typing).
  const authors = await prepareAuthors(system.url, openBooks + 1);
  const large = authors.slice(0, openBooks);
  const typed = authors[openBooks]!;
  const largeDocument = manuscriptOf(0, 40);
  console.log(`  the large book: ${words(largeDocument).toLocaleString('en')} words`);
  for (const [i, author] of large.entries()) await store(author, manuscriptOf(i, 40));
  const hundredPages = manuscriptOf(9, 10);
  await store(typed, hundredPages);

  // Idle: the books written, nobody in a live document.
  await new Promise((r) => setTimeout(r, 3_000));
  const idle = await inspector.memoryAfterGc();
  console.log(`  idle RSS after GC: ${mb(idle.rss).toFixed(0)} MB`);

  // Memory: each large book held open by one client.
  const holders: LiveClient[] = [];
  for (const author of large) holders.push(await synced(collabUrl, author.bookId, await tokenOf(author)));
  const held = await inspector.memoryAfterGc();
  // What the process holds for them: its heap and the memory outside it (Buffers), after a full GC. The RSS
  // is printed too; it keeps pages the allocator has not given back, so it moves little or even down.
  const heldBytes = (m: { heapUsed: number; external: number }) => m.heapUsed + m.external;
  const perBook = (mb(heldBytes(held)) - mb(heldBytes(idle))) / openBooks;
  console.log(
    `  ${openBooks} books open: heap + external ${mb(heldBytes(held)).toFixed(0)} MB (idle ${mb(heldBytes(idle)).toFixed(0)}), ${perBook.toFixed(1)} MB a book; RSS ${mb(held.rss).toFixed(0)} MB (idle ${mb(idle.rss).toFixed(0)})`,
  );
  destroyAll(holders);

  // Opening, as the editor opens a live book: a token, the connection until synced, and the ProseMirror
  // document built from the fragment. An outside save first (the text moves), so the first open builds the
  // document from the chapters (and stores its state); the opens after it apply that state, as every open of
  // a book opened live before does. The server lets the document go when its last connection leaves.
  const opener = large[0]!;
  await store(opener, manuscriptOf(0, 40, 'opened'));
  const schema = bookSchema();
  const liveOpens: OpenPhases[] = [];
  const restOpens: number[] = [];
  let firstOpen: OpenPhases | undefined;
  for (let run = 0; run <= opens; run++) {
    const { phases, client } = await openAsTheEditor(collabUrl, opener, schema);
    client.destroy();
    if (run === 0) firstOpen = phases;
    else liveOpens.push(phases);
    await new Promise((r) => setTimeout(r, 1_000));
    const readAt = performance.now();
    const read = await opener.client.get<{ bookContent: string }>(`/api/v1/book/${opener.bookId}`);
    ProseMirrorNode.fromJSON(schema, JSON.parse(read.body.bookContent)).check();
    if (run > 0) restOpens.push(performance.now() - readAt);
    await new Promise((r) => setTimeout(r, 200));
  }
  const openLive = median(liveOpens.map((phases) => phases.ready));
  const openRest = median(restOpens);
  console.log(
    `  open live until the editor is ready (median of ${opens}): ${openLive.toFixed(1)} ms; the first, built from the chapters: ${firstOpen!.ready.toFixed(0)} ms`,
  );
  console.log(`  GET /book/{id} + the editor's schema (median): ${openRest.toFixed(1)} ms`);
  printPhases('the first open (built)', [firstOpen!]);
  printPhases(`the opens after it (median of ${opens})`, liveOpens);
  if (breakdown > 0) {
    await profiledOpens(inspector, collabUrl, opener, schema, breakdown, true);
    await profiledOpens(inspector, collabUrl, opener, schema, breakdown, false);
  }

  // Propagation, in turns: bare, system, system, bare.
  const typedToken = await tokenOf(typed);
  const systemClients: LiveClient[] = [];
  for (let i = 0; i < clientsInBook; i++) systemClients.push(await synced(collabUrl, typed.bookId, typedToken));
  const filled = new Y.Doc();
  fillYDoc(filled, hundredPages);
  const bareClients = [await synced(bareUrl, 'bench', 'none', filled)];
  for (let i = 1; i < clientsInBook; i++) bareClients.push(await synced(bareUrl, 'bench', 'none'));
  await until(
    () => bareClients.every((client) => blockText(client, 1) === blockText(bareClients[0]!, 1)),
    'the bare clients hold the book',
  );
  const half = Math.ceil(edits / 2);
  const bareTimes = [...(await propagation(bareClients, half, 'b'))];
  const systemTimes = [...(await propagation(systemClients, edits, 's'))];
  bareTimes.push(...(await propagation(bareClients, edits - half, 'c')));
  destroyAll([...systemClients, ...bareClients]);
  const p99System = quantile(systemTimes, 0.99);
  const p99Bare = quantile(bareTimes, 0.99);
  console.log(
    `  propagation, ${clientsInBook} clients, ${edits} edits: p99 ${p99System.toFixed(1)} ms (p50 ${median(systemTimes).toFixed(1)}); bare p99 ${p99Bare.toFixed(1)} ms (p50 ${median(bareTimes).toFixed(1)})`,
  );

  const propagationRatio = p99System / p99Bare;
  const openRatio = openLive / openRest;
  printResults('collab', [
    {
      figure: `collab: edit propagation p99, ${clientsInBook} clients in one 100-page book`,
      value: Number(p99System.toFixed(1)),
      unit: 'ms',
      anchor: { name: 'bare Hocuspocus p99', value: Number(p99Bare.toFixed(1)) },
      ratio: propagationRatio,
      target: `≤ ${targets.propagation}×`,
      met: propagationRatio <= targets.propagation,
    },
    {
      figure: 'collab: opening a 100,000-word book live until the editor is ready (median)',
      value: Number(openLive.toFixed(1)),
      unit: 'ms',
      anchor: { name: 'GET /book/{id} + editor schema', value: Number(openRest.toFixed(1)) },
      ratio: openRatio,
      target: `≤ ${targets.open}×`,
      met: openRatio <= targets.open,
    },
    { figure: 'collab: the first live open, built from the chapters', value: Math.round(firstOpen!.ready), unit: 'ms' },
    {
      figure: 'collab: memory per open 100,000-word book (heap + external, after GC)',
      value: Number(perBook.toFixed(1)),
      unit: 'MB',
      target: `≤ ${targets.perBookMb} MB`,
      met: perBook <= targets.perBookMb,
    },
    {
      figure: 'collab: embedded RSS at idle, after GC',
      value: Math.round(mb(idle.rss)),
      unit: 'MB',
      target: `≤ ${targets.idleMb} MB`,
      met: mb(idle.rss) <= targets.idleMb,
    },
  ]);
} finally {
  inspector?.close();
  await bare.stop();
  await system.stop();
}
