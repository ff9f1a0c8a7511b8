import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import pg from 'pg';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { startSystem, type RunningSystem } from '@bookwright/all-in-one';
import { testRedeliveryBackoffMs } from '@bookwright/kit/testing';

export interface TestSystem extends RunningSystem {
  dataDir: string;
  /** Where this system's services keep their schemas (`${schemaPrefix}${service}`) and its bus subjects. */
  schemaPrefix: string;
  namespace: string;
  /** Every log line the system wrote, parsed (the tests look for secrets in them). */
  logs: Record<string, unknown>[];
  /** A browser of its own; `ip` is sent as X-Forwarded-For (counted only with TRUST_PROXY=true). */
  client(options?: { ip?: string }): HttpClient;
  /** The newest mail written to the outbox for this address. */
  lastMailTo(address: string): Promise<{ to: string; subject: string; text: string; html: string }>;
}

/**
 * The whole system in-process on a free port, isolated from every other test file: its own data dir,
 * and (when DATABASE_URL / NATS_URL are set, as in CI) its own schemas and bus namespace, removed again
 * on stop.
 */
export async function startTestSystem(
  env: Record<string, string> = {},
  options: { now?: () => Date } = {},
): Promise<TestSystem> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bookwright-test-'));
  const suffix = randomBytes(4).toString('hex');
  const namespace = `t${suffix}`;
  const schemaPrefix = `t${suffix}_`;
  const logs: Record<string, unknown>[] = [];
  const logDestination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n'))
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const baseEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_PRETTY: 'false',
    BUS_NAMESPACE: namespace,
    DATABASE_SCHEMA_PREFIX: schemaPrefix,
    // A failing event reaches its 10th try (a verdict or a dead letter) in a moment, not production's minutes.
    BUS_REDELIVERY_BACKOFF_MS: testRedeliveryBackoffMs.join(','),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL } : {}),
    ...env,
  };
  // A test that needs the address before start-up (PUBLIC_URL for redirects back to it) picks the PORT.
  const system = await startSystem({
    env: baseEnv,
    port: Number(env.PORT ?? 0),
    dataDir,
    logDestination,
    ...(options.now ? { now: options.now } : {}),
  });
  return {
    ...system,
    dataDir,
    schemaPrefix,
    namespace,
    logs,
    client: (options) => new HttpClient(system.url, options?.ip),
    async stop() {
      await system.stop();
      await cleanUp({ namespace, schemaPrefix });
      await rm(dataDir, { recursive: true, force: true });
    },
    async lastMailTo(address) {
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        const dir = join(dataDir, 'outbox');
        // Whole mails only: one being written has a hidden name until it is complete.
        const files = (await readdir(dir).catch(() => [] as string[]))
          .filter((file) => file.endsWith('.json') && !file.startsWith('.'))
          .sort()
          .reverse();
        for (const file of files) {
          const mail = JSON.parse(await readFile(join(dir, file), 'utf8')) as {
            to: string;
            subject: string;
            text: string;
            html: string;
          };
          if (mail.to.toLowerCase() === address.toLowerCase()) return mail;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no mail to ${address} in the outbox`);
    },
  };
}

export async function cleanUp(options: { namespace: string; schemaPrefix: string }): Promise<void> {
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ nspname: string }>(
        'select nspname from pg_namespace where nspname like $1',
        [`${options.schemaPrefix}%`],
      );
      for (const row of rows) await client.query(`drop schema if exists "${row.nspname}" cascade`);
    } finally {
      await client.end();
    }
  }
  if (process.env.NATS_URL) {
    const nc = await connect({ servers: process.env.NATS_URL });
    try {
      // The JetStream API's 5 s default is short on a machine running a whole CI run's test files: a stream
      // delete once took longer in CI.
      const jsm = await jetstreamManager(nc, { timeout: 30_000 });
      for await (const stream of jsm.streams.list()) {
        const name = stream.config.name;
        const lower = name.toLowerCase();
        if (
          lower.startsWith(options.namespace) ||
          lower.startsWith(`obj_${options.namespace}`) ||
          lower.startsWith(`kv_${options.namespace}`)
        )
          await jsm.streams.delete(name);
      }
    } finally {
      await nc.close();
    }
  }
}

export interface HttpResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

interface RequestOptions {
  json?: unknown;
  form?: Record<string, string>;
  /** multipart/form-data, as a browser form with a file sends it. */
  multipart?: FormData;
  /** A raw body, sent as is (with the content-type given in headers). */
  raw?: string;
  headers?: Record<string, string>;
  csrf?: boolean;
}

/** A browser-like client: keeps cookies and echoes XSRF-TOKEN in X-XSRF-TOKEN, as the web app does. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly ip?: string,
  ) {}

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const response = await this.#send(method, path, options);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : {};
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /** The same request, with the answer as bytes (downloads: EPUBs, PDFs, images). */
  async binary(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const response = await this.#send(method, path, options);
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  async #send(method: string, path: string, options: RequestOptions): Promise<Response> {
    const headers: Record<string, string> = { ...(this.ip ? { 'x-forwarded-for': this.ip } : {}), ...options.headers };
    if (method !== 'GET' && options.csrf !== false) {
      if (!this.cookies.has('XSRF-TOKEN')) await this.request('GET', '/api/v1/health/live');
      headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    }
    let body: string | FormData | undefined;
    if (options.multipart) {
      body = options.multipart;
    } else if (options.raw !== undefined) {
      body = options.raw;
    } else if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      const expired = attributes.some((a) => /expires=thu, 01 jan 1970/i.test(a.trim()) || /max-age=0/i.test(a.trim()));
      if (!name) continue;
      if (expired || value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }

  get<T = Record<string, unknown>>(path: string, options?: Parameters<HttpClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }
  post<T = Record<string, unknown>>(path: string, json?: unknown, options?: Parameters<HttpClient['request']>[2]) {
    return this.request<T>('POST', path, { ...options, json });
  }
  patch<T = Record<string, unknown>>(path: string, json?: unknown, options?: Parameters<HttpClient['request']>[2]) {
    return this.request<T>('PATCH', path, { ...options, json });
  }
}

// One fixture module for users and books; re-exported here so every API test imports its helpers from one place.
export { newAccount } from '@bookwright/contracts/testing';
