import { execFile } from 'node:child_process';
import { access, mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { Logger } from '../logger/logger';
import { Mutex } from './mutex';
import { quoteIdent } from './schema-name';

/** One PGlite instance and the lock that lends its single connection to one caller at a time. */
export interface SharedPglite {
  readonly key: string;
  readonly pglite: PgliteHandle;
  readonly mutex: Mutex;
  /**
   * The schema `search_path` points at now, when the drivers know it: an acquisition sets it only when
   * another service's schema is in place (undefined: unknown, set it).
   */
  searchPath?: string;
}

/** What the process uses of PGlite, answered by the thread that owns it (`pglite-worker.mjs`). */
export interface PgliteHandle {
  /** `prelude`: statements without results to run first, each on its own, in the same message (see PgliteConnection). */
  query(sql: string, params?: unknown[], prelude?: readonly string[]): Promise<Results<Record<string, unknown>>>;
  exec(sql: string, prelude?: readonly string[]): Promise<Results[]>;
  close(): Promise<void>;
}

export interface PgliteLease {
  readonly shared: SharedPglite;
  /** Gives the lease back; the last one closes the instance. Safe to call twice. */
  release(): Promise<void>;
}

interface RegistryEntry {
  refs: number;
  ready: Promise<SharedPglite>;
}

const MEMORY_KEY = 'memory:';
const registry = new Map<string, RegistryEntry>();
// A directory may be reopened while its previous instance is still closing; two instances on one
// directory would corrupt it, so the new one waits for the old one to finish.
const closing = new Map<string, Promise<void>>();

/**
 * The process-wide PGlite for a data directory (`${dataDir}/pglite`), or the process-wide in-memory one
 * when `dataDir` is undefined. Every service in the process shares it, each in its own schema; the
 * instance is reference-counted so the last lease to be released closes it.
 */
export async function acquirePglite(dataDir: string | undefined): Promise<PgliteLease> {
  const key = dataDir === undefined ? MEMORY_KEY : resolve(dataDir, 'pglite');
  let entry = registry.get(key);
  if (!entry) {
    const created: RegistryEntry = { refs: 0, ready: createInstance(key, dataDir) };
    created.ready.catch(() => {
      if (registry.get(key) === created) registry.delete(key);
    });
    registry.set(key, created);
    entry = created;
  }
  const held = entry;
  held.refs += 1;
  let shared: SharedPglite;
  try {
    shared = await held.ready;
  } catch (error) {
    held.refs -= 1;
    throw error;
  }
  let released = false;
  return {
    shared,
    release: async () => {
      if (released) return;
      released = true;
      held.refs -= 1;
      if (held.refs > 0) return;
      if (registry.get(key) === held) registry.delete(key);
      const done = closeInstance(shared);
      closing.set(key, done);
      try {
        await done;
      } finally {
        if (closing.get(key) === done) closing.delete(key);
      }
    },
  };
}

/** Keys of the PGlite instances open in this process (tests check sharing and closing with it). */
export function openPgliteInstances(): string[] {
  return [...registry.keys()];
}

/**
 * PostgreSQL's default buffer pool is 128 MB, all of it inside the WebAssembly memory and so resident once
 * touched; an embedded database is one author's books and its files stay in the operating system's cache,
 * so an eighth of that keeps an idle `npm start` near 300 MB (docs/runbooks/operations.md, "Memory").
 */
const SHARED_BUFFERS = '16MB';

/** The database thread's young generation (V8's default grows to 16 MB; see WorkerPglite). */
const WORKER_YOUNG_GENERATION_MB = 4;

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);
const initUrl = new URL('./pglite-init.mjs', import.meta.url);

async function createInstance(key: string, dataDir: string | undefined): Promise<SharedPglite> {
  await closing.get(key)?.catch(() => undefined);
  if (dataDir === undefined) {
    const template = await dataDirTemplate();
    const pglite = await WorkerPglite.open(undefined, template).catch((error: unknown) => {
      if (!template) throw error;
      return WorkerPglite.open(undefined);
    });
    return { key, pglite, mutex: new Mutex() };
  }
  await mkdir(dataDir, { recursive: true });
  // Only a new directory needs the template: an existing one is opened as it is.
  if (!(await exists(resolve(key, 'PG_VERSION')))) await initialiseDataDir(key, await dataDirTemplate());
  return { key, pglite: await WorkerPglite.open(key), mutex: new Mutex() };
}

let templateFolder: string | undefined;
let templateMade: Promise<string | undefined> | undefined;

/**
 * Keep a fresh data directory as a tarball in `folder`, made once and unpacked for every new instance. initdb
 * costs about five seconds of CPU and a test run creates a few hundred databases (every test file, every
 * system a test starts), so the test runs call this (tests/support/pglite-template.ts); a server makes its one
 * data directory once and has no use for it. The tarball's name carries PGlite's version and the buffer size,
 * so an upgrade makes a new one, and any failure falls back to initdb.
 */
export function usePgliteTemplate(folder: string): void {
  templateFolder = folder;
}

function dataDirTemplate(): Promise<string | undefined> {
  const folder = templateFolder;
  if (!folder) return Promise.resolve(undefined);
  return (templateMade ??= (async () => {
    const file = resolve(folder, `pglite-${await pgliteVersion()}-shared-buffers-${SHARED_BUFFERS}.tar`);
    if (await exists(file)) return file;
    await mkdir(folder, { recursive: true });
    await runInit(['--template', file, SHARED_BUFFERS]);
    return file;
  })().catch(() => undefined));
}

/** PGlite's version, from its package.json (which its exports do not list): above its entry point. */
async function pgliteVersion(): Promise<string> {
  let folder = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const manifest = await readFile(join(folder, 'package.json'), 'utf8').then(
      (text) => JSON.parse(text) as { name?: string; version?: string },
      () => undefined,
    );
    if (manifest?.name === '@electric-sql/pglite' && manifest.version) return manifest.version;
    const parent = dirname(folder);
    if (parent === folder) throw new Error('PGlite has no package.json');
    folder = parent;
  }
}

/**
 * Creating a data directory (initdb, the unpacked template) leaves a few hundred MB allocated that stayed
 * in the process's resident set even when a worker thread did it and ended (bench/memory): a child
 * process does it instead and gives it all back when it exits. Opening the directory afterwards is cheap.
 */
async function initialiseDataDir(dir: string, template: string | undefined): Promise<void> {
  try {
    await runInit([dir, SHARED_BUFFERS, ...(template ? [template] : [])]);
  } catch (error) {
    // A template that cannot be unpacked (a disk that filled while it was written) is no reason to fail.
    if (template) return initialiseDataDir(dir, undefined);
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ''}`, {
      cause: error,
    });
  }
}

/** Plain Node with the process's environment: the script needs no TypeScript loader. */
async function runInit(args: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [fileURLToPath(initUrl), ...args], { maxBuffer: 1024 * 1024 });
}

const exists = (path: string): Promise<boolean> =>
  access(path).then(
    () => true,
    () => false,
  );

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/**
 * PGlite in a worker thread: every query is WebAssembly CPU, and on the main thread it competed with HTTP
 * and the services for one core while the machine's second core idled. Calls are messages; the mutex on
 * this side still lends the one connection to one caller at a time.
 */
class WorkerPglite implements PgliteHandle {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  #nextId = 1;
  #exited: Error | undefined;

  private constructor(dataDir: string | undefined, template: string | undefined) {
    this.#worker = new Worker(workerUrl, {
      workerData: { dataDir, sharedBuffers: SHARED_BUFFERS, template },
      // The thread holds little between calls (a query's rows until they are posted), but V8 grew its young
      // generation to 16 MB under a book's writing and, the thread being idle after, never gave it back: a
      // small one bounds that (bench/README.md, memory).
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    // Idle, the thread does not keep the process alive; a call in flight does (see #call).
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => {
      const call = this.#pending.get(reply.id);
      if (!call) return;
      this.#settled(reply.id);
      if (reply.ok) call.resolve(reply.value);
      else call.reject(rebuildError(reply.error));
    });
    const fail = (error: Error) => {
      this.#exited = error;
      for (const [id, call] of this.#pending) {
        this.#settled(id);
        call.reject(error);
      }
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`the embedded database thread exited (code ${code})`)));
  }

  /** `template`: a tarball that an in-memory instance starts from instead of running initdb. */
  static async open(dataDir: string | undefined, template?: string): Promise<WorkerPglite> {
    const handle = new WorkerPglite(dataDir, template);
    try {
      await handle.#call('ready');
    } catch (error) {
      await handle.#worker.terminate();
      throw error;
    }
    return handle;
  }

  async query(
    sql: string,
    params: unknown[] = [],
    prelude?: readonly string[],
  ): Promise<Results<Record<string, unknown>>> {
    const result = (await this.#call('query', sql, params, prelude)) as Results<Record<string, unknown>>;
    asBuffers(result);
    return result;
  }

  async exec(sql: string, prelude?: readonly string[]): Promise<Results[]> {
    const results = (await this.#call('exec', sql, undefined, prelude)) as Results[];
    for (const result of results) asBuffers(result);
    return results;
  }

  async close(): Promise<void> {
    try {
      await this.#call('close');
    } finally {
      await this.#worker.terminate();
    }
  }

  #call(op: string, sql?: string, params?: unknown[], prelude?: readonly string[]): Promise<unknown> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, sql, params, prelude });
    });
  }

  #settled(id: number): void {
    this.#pending.delete(id);
    if (this.#pending.size === 0) this.#worker.unref();
  }
}

/** bytea arrives as a Uint8Array (what crosses threads); node-postgres gives a Buffer, and so must this. */
function asBuffers(result: Results | undefined): void {
  for (const row of result?.rows ?? []) {
    if (typeof row !== 'object' || row === null) continue;
    const record = row as Record<string, unknown>;
    for (const [column, value] of Object.entries(record))
      if (value instanceof Uint8Array && !Buffer.isBuffer(value))
        record[column] = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
}

/** The database's error as the caller would have seen it: its message, code, constraint and the rest. */
function rebuildError(fields: Record<string, unknown>): Error {
  const { message, stack: _stack, ...rest } = fields;
  return Object.assign(new Error(String(message)), rest);
}

async function closeInstance(shared: SharedPglite): Promise<void> {
  // Let a transaction that is still running (another service shutting down later) finish first.
  await shared.mutex.lock();
  try {
    await shared.pglite.close();
  } finally {
    shared.mutex.unlock();
  }
}

/** After this long waiting for the shared connection, something is probably holding it for good. */
const SLOW_ACQUIRE_WARNING_MS = 5_000;

/**
 * A Kysely dialect over a shared PGlite instance for one service. PGlite has no connection pool, so
 * every query or transaction of every service in the process takes the instance's mutex; a
 * transaction keeps it until commit or rollback, so nothing from another service runs inside it.
 * Each acquisition points `search_path` at the service's schema, so unqualified names resolve
 * exactly as they do on a PostgreSQL connection opened for that service.
 */
export class PgliteDialect implements Dialect {
  constructor(private readonly options: { lease: PgliteLease; schema: string; logger: Logger }) {}

  createDriver(): Driver {
    return new PgliteDriver(this.options.lease, this.options.schema, this.options.logger);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface takes a schema-agnostic handle
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PgliteDriver implements Driver {
  readonly #lease: PgliteLease;
  readonly #shared: SharedPglite;
  readonly #connection: PgliteConnection;
  readonly #schema: string;
  readonly #setSearchPath: string;
  readonly #logger: Logger;
  #destroyed = false;

  constructor(lease: PgliteLease, schema: string, logger: Logger) {
    this.#lease = lease;
    this.#shared = lease.shared;
    this.#connection = new PgliteConnection(lease.shared);
    this.#schema = schema;
    this.#setSearchPath = `set search_path to ${quoteIdent(schema)}`;
    this.#logger = logger;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#destroyed) throw new Error('the database handle has been closed');
    await this.#lock();
    // Every service of the process shares the one connection; a round trip to the database thread per
    // acquisition was a tenth of an autosave's time (bench/load/save-floor.ts), and mostly the schema was
    // already the right one. When it is not, it is set with the first statement, in the same message.
    if (this.#shared.searchPath !== this.#schema) this.#connection.deferSearchPath(this.#setSearchPath, this.#schema);
    return this.#connection;
  }

  async #lock(): Promise<void> {
    const timer = setTimeout(() => {
      this.#logger.warn(
        { waitedMs: SLOW_ACQUIRE_WARNING_MS },
        'still waiting for the embedded database connection: a query on the root handle inside a ' +
          'transaction (instead of the transaction handle) waits for ever on PGlite',
      );
    }, SLOW_ACQUIRE_WARNING_MS);
    timer.unref();
    try {
      await this.#shared.mutex.lock();
    } finally {
      clearTimeout(timer);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let statement = 'start transaction';
    if (settings.isolationLevel) statement += ` isolation level ${settings.isolationLevel}`;
    if (settings.accessMode) statement += ` ${settings.accessMode}`;
    // Sent with the transaction's first statement: a BEGIN of its own was a round trip to the database
    // thread, waiting behind whatever another service had sent (bench/load/save-floor.ts).
    this.#connection.deferBegin(statement);
    this.#connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    // A transaction whose BEGIN was never sent ran no statement: there is nothing to commit.
    if (!this.#connection.dropDeferredBegin()) await connection.executeQuery(CompiledQuery.raw('commit'));
    this.#connection.inTransaction = false;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!this.#connection.dropDeferredBegin()) await connection.executeQuery(CompiledQuery.raw('rollback'));
    this.#connection.inTransaction = false;
  }

  async savepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(savepointName)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteIdent(savepointName)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, savepointName: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteIdent(savepointName)}`));
  }

  async releaseConnection(): Promise<void> {
    // Deferred statements nobody sent stay unsent: the next holder finds search_path as it was.
    this.#connection.dropDeferred();
    // If commit and rollback both failed the transaction may still be open; the next holder is
    // another service, so it must not inherit it.
    if (this.#connection.inTransaction) {
      this.#connection.inTransaction = false;
      await this.#shared.pglite.exec('rollback').catch((error: unknown) => {
        this.#logger.error({ err: error }, 'could not roll back an abandoned transaction');
      });
    }
    this.#shared.mutex.unlock();
  }

  async destroy(): Promise<void> {
    if (this.#destroyed) return;
    this.#destroyed = true;
    await this.#lease.release();
  }
}

/**
 * The one connection, lent to one holder at a time. Statements without results that only prepare the
 * next one (the holder's search_path, its BEGIN) are deferred and sent in the same message as that next
 * statement: each message is a trip to the database thread and back.
 */
class PgliteConnection implements DatabaseConnection {
  inTransaction = false;
  #deferred: string[] = [];
  /** The schema the deferred search_path sets; the shared state learns it once it was sent. */
  #deferredSchema: string | undefined;
  #deferredBegin = false;

  constructor(private readonly shared: SharedPglite) {}

  deferSearchPath(statement: string, schema: string): void {
    this.#deferred.push(statement);
    this.#deferredSchema = schema;
    this.shared.searchPath = undefined;
  }

  deferBegin(statement: string): void {
    this.#deferred.push(statement);
    this.#deferredBegin = true;
  }

  /** Whether a BEGIN was still waiting (and is now dropped, with whatever waited with it). */
  dropDeferredBegin(): boolean {
    const waiting = this.#deferredBegin;
    if (waiting) this.dropDeferred();
    return waiting;
  }

  dropDeferred(): void {
    this.#deferred = [];
    this.#deferredSchema = undefined;
    this.#deferredBegin = false;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const prelude = this.#deferred.length > 0 ? this.#deferred : undefined;
    const schema = this.#deferredSchema;
    this.dropDeferred();
    // A statement of the service's own that touches search_path (or a rolled-back transaction that did)
    // leaves it unknown: the next acquisition sets it again.
    if (/search_path/i.test(compiledQuery.sql)) this.shared.searchPath = undefined;
    // Like node-postgres: without parameters the simple protocol runs, so a migration may hold
    // several statements; with parameters the extended protocol binds them.
    const sent =
      compiledQuery.parameters.length === 0
        ? this.shared.pglite.exec(compiledQuery.sql, prelude).then((results) => results.at(-1))
        : this.shared.pglite.query(compiledQuery.sql, [...compiledQuery.parameters], prelude);
    const result = await sent;
    // After a failure the path stays unknown (the prelude may not have run): the next holder sets it.
    if (schema !== undefined && !/search_path/i.test(compiledQuery.sql)) this.shared.searchPath = schema;
    return toQueryResult<R>(result);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over its single connection; the rows are read at once and handed out in
    // chunks, so a stream costs the same memory as a plain query here.
    if (!Number.isInteger(chunkSize) || chunkSize <= 0) throw new Error('chunkSize must be a positive integer');
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

const COMMANDS_WITH_ROW_COUNT = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

function toQueryResult<R>(result: Results | undefined): QueryResult<R> {
  if (!result) return { rows: [] };
  const rows = result.rows as R[];
  if (result.command && COMMANDS_WITH_ROW_COUNT.has(result.command)) {
    return { rows, numAffectedRows: BigInt(result.affectedRows ?? 0) };
  }
  return { rows };
}
