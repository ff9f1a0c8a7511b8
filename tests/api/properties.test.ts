import { afterAll, afterEach, beforeAll, describe, expect } from 'vitest';
import { fc, it } from '@fast-check/vitest';
import type { Book } from '@bookwright/contracts/http';
import { newAccount, startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';

/*
 * Property tests over every API route. The routes come from the gateway's own OpenAPI document, which
 * @fastify/swagger builds from every registered route and its schemas: a new route is tested the day it
 * is added. Inputs are generated from the same schemas, then made hostile: NUL and other controls, lone
 * surrogates, emoji, right-to-left text, combining marks, 1 MB values, wrong types, ids of every length,
 * missing CSRF tokens and no session. Every answer must be a 2xx, or a 4xx with `{msg}`; never a 5xx or
 * a hang; and another user's profile and books never change.
 *
 * Ids stay under 8,000 characters: beyond 16 KB of request line Node's HTTP parser answers (a JSON 431,
 * see http/framework-errors.ts) and may close the socket before the client has finished writing.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
};
interface Operation {
  method: string;
  path: string;
  params: { name: string; schema: JsonSchema }[];
  /** Request headers a route declares (If-Match on conditional saves). */
  headers: { name: string; schema: JsonSchema }[];
  body: JsonSchema | undefined;
}

const runs = Number(process.env.PROPERTY_RUNS ?? 10);
const xsrf = 'property-test-token';

// ---------------------------------------------------------------------------------------------------
// Hostile text

const hostilePieces = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udfff',
  '\udbff\udbff',
  '\t',
  '\n',
  '\r\n',
  '\u202e',
  '\u200f',
  '\u200d',
  '\ufeff',
  '\ufffd',
  '\uffff',
  '😀',
  '👩‍👩‍👧',
  '🇬🇧',
  'e\u0301',
  'Z\u0324\u0354\u0367\u0311',
  'مرحبا بالعالم',
  'שלום',
  '中文字符',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "'; drop table books;--",
  '${jndi:x}',
  '__proto__',
  'constructor',
  '\\',
  '"',
  ' ',
];
const hostileString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.array(fc.constantFrom(...hostilePieces), { minLength: 1, maxLength: 8 }).map((p) => p.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.constantFrom('x'.repeat(1_000_000), '😀'.repeat(300_000), 'ب\u0301'.repeat(250_000)) },
);
/** Short enough for a URL (see above). */
const shortHostile = hostileString.filter((s) => s.length < 500);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, 0, -1, 1e308, true, [], {}, '', [[[[]]]]),
  hostileString,
);

/** Values shaped by a route's JSON schema, with hostile strings and wrong types mixed in. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4 || Object.keys(schema).length === 0) return anyJson;
  const wrong = { weight: 1, arbitrary: anyJson };
  if (schema.const !== undefined) return fc.oneof({ weight: 4, arbitrary: fc.constant(schema.const) }, wrong);
  if (schema.enum) return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...schema.enum) }, wrong);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return fc.oneof(
        {
          weight: 3,
          arbitrary: fc.string({
            unit: 'grapheme',
            minLength: schema.minLength ?? 0,
            maxLength: Math.min(schema.maxLength ?? 200, 200),
          }),
        },
        { weight: 3, arbitrary: hostileString },
        wrong,
      );
    case 'number':
    case 'integer':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -0, 1e308, -1), wrong);
    case 'boolean':
      return fc.oneof({ weight: 3, arbitrary: fc.boolean() }, wrong);
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.oneof({ weight: 3, arbitrary: fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 }) }, wrong);
    case 'object': {
      const properties = schema.properties ?? {};
      const shaped = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, inner]) => [key, fromSchema(inner, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      const extra = fc.dictionary(hostileString, anyJson, { maxKeys: 2 });
      return fc.oneof(
        { weight: 4, arbitrary: shaped },
        { weight: 1, arbitrary: fc.tuple(shaped, extra).map(([a, b]) => ({ ...b, ...a })) },
        wrong,
      );
    }
    default:
      return anyJson;
  }
}

/** A path segment, already encoded: an id of any length, someone's real id, hostile text or broken escapes. */
function segment(schema: JsonSchema, ids: string[]): fc.Arbitrary<string> {
  const encode = (value: string) => {
    try {
      return encodeURIComponent(value);
    } catch {
      // A lone surrogate cannot be encoded; send its UTF-8-less bytes as a raw escape instead.
      return '%ED%A0%80';
    }
  };
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...ids, ...((schema.enum as string[] | undefined) ?? [])) },
    { weight: 2, arbitrary: fc.nat({ max: 8_000 }).map((n) => 'a'.repeat(n)) },
    { weight: 1, arbitrary: fc.constantFrom(1, 99, 100, 101, 999, 1_000, 1_001).map((n) => 'b'.repeat(n)) },
    { weight: 2, arbitrary: shortHostile.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '%ED%A0%80', '%00', '%FF%FE', '%2F', '.', '%2e%2e') },
  );
}

/**
 * A declared header's value: entity tags well and badly formed, lists, `*`, and any text a header can
 * carry (fetch refuses controls and non-Latin-1 in headers, as any HTTP client must).
 */
const headerValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('*', '"v1"', '"v2", "v3"', 'W/"v1"', '"v0"', '"v99999999999999999"', '') },
  { weight: 2, arbitrary: fc.constantFrom('"abc"', '"', '""', '*, "v1"', '"v1",,', ' "v1" ', 'x'.repeat(8_000)) },
  {
    weight: 3,
    arbitrary: fc.string({ unit: fc.constantFrom(...'"vVW/,* 0123456789abc-\\t'.split('')), maxLength: 40 }),
  },
);

// ---------------------------------------------------------------------------------------------------
// The system, two users and the route list

let alice: { email: string; password: string; sid: string; bookId: string };
let bob: HttpClient;
let bobBookId: string;
let bobBefore: unknown;

const system: TestSystem = await startTestSystem({
  // Limits would answer 429 before the inputs reach the code under test; they have their own tests.
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  GENERATION_RATE_LIMIT_PER_USER: '1000000',
  COVER_RATE_LIMIT: '1000000',
  TAKEOUT_RATE_LIMIT_PER_USER: '1000000',
  LOG_LEVEL: 'warn',
});
const operations = await (async () => {
  const doc = (await (await fetch(`${system.url}/api/v1/docs/json`)).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string; schema: JsonSchema }[];
          requestBody?: { content?: Record<string, { schema: JsonSchema }> };
        }
      >
    >;
  };
  const list: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods))
      list.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        headers: (op.parameters ?? [])
          .filter((p) => p.in === 'header')
          .map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.['application/json']?.schema,
      });
  return list;
})();

async function waitForStatus(client: HttpClient, bookId: string, status: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if ((await client.get<Book>(`/api/v1/book/${bookId}`)).body.status === status) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`book ${bookId} never reached ${status}`);
}

async function signedInAuthor(): Promise<{
  client: HttpClient;
  account: ReturnType<typeof newAccount>;
  bookId: string;
}> {
  const client = system.client();
  const account = newAccount();
  expect((await client.post('/api/v1/auth/sign-up', account)).status).toBe(201);
  expect((await client.post('/api/v1/payment', { accountType: 'professional', currency: 'eur' })).status).toBe(200);
  const book = await client.post<Book>('/api/v1/agent/plan', {
    prompt: 'A cartographer maps an island that moves a little every night.',
    title: 'The Moving Island',
    language: 'english',
    targetAudience: 'Adults',
    genre: 'fantasy',
    size: 'short',
  });
  expect(book.status).toBe(201);
  await waitForStatus(client, book.body._id, 'validation');
  return { client, account, bookId: book.body._id };
}

async function snapshotOf(client: HttpClient, bookId: string) {
  const [user, books, book] = await Promise.all([
    client.get('/api/v1/user/current-user'),
    client.get('/api/v1/book'),
    client.get(`/api/v1/book/${bookId}`),
  ]);
  return { user: user.body, books: books.body, book: book.body, statuses: [user.status, books.status, book.status] };
}

beforeAll(async () => {
  const a = await signedInAuthor();
  alice = { ...a.account, sid: a.client.cookies.get('sid')!, bookId: a.bookId };
  const b = await signedInAuthor();
  bob = b.client;
  bobBookId = b.bookId;
  bobBefore = await snapshotOf(bob, bobBookId);
}, 300_000);

afterAll(async () => {
  await system?.stop();
});

/** Alice's session may have been ended by a generated logout or login: sign her in again when it was. */
async function keepAliceSignedIn(): Promise<void> {
  const check = await fetch(`${system.url}/api/v1/user/current-user`, { headers: { cookie: `sid=${alice.sid}` } });
  await check.arrayBuffer();
  if (check.status === 200) return;
  const client = system.client();
  const res = await client.post('/api/v1/auth/login', { email: alice.email, password: alice.password });
  expect(res.status).toBe(200);
  alice.sid = client.cookies.get('sid')!;
}

afterEach(async () => {
  // Whatever Alice (or nobody) sent, Bob's profile and books are as they were.
  const after = await snapshotOf(bob, bobBookId);
  expect(after.statuses).toEqual([200, 200, 200]);
  expect(after).toEqual(bobBefore);
});

// ---------------------------------------------------------------------------------------------------
// The properties

interface GeneratedRequest {
  segments: Record<string, string>;
  headers: Record<string, string>;
  query: [string, string][];
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'multipart'; fields: [string, string][]; file: boolean };
  session: 'alice' | 'none';
  csrf: boolean;
}

function requestArb(op: Operation): fc.Arbitrary<GeneratedRequest> {
  const ids = () => [alice.bookId, bobBookId];
  const mutating = op.method !== 'GET';
  return fc.record({
    segments: fc.record(Object.fromEntries(op.params.map((p) => [p.name, segment(p.schema, ids())]))) as fc.Arbitrary<
      Record<string, string>
    >,
    headers: fc.record(Object.fromEntries(op.headers.map((h) => [h.name, headerValue])), {
      requiredKeys: [],
    }) as fc.Arbitrary<Record<string, string>>,
    query: fc.oneof(
      { weight: 4, arbitrary: fc.constant([] as [string, string][]) },
      { weight: 1, arbitrary: fc.array(fc.tuple(shortHostile, shortHostile), { maxLength: 3 }) },
    ),
    body: mutating
      ? fc.oneof(
          { weight: 6, arbitrary: fromSchema(op.body).map((value) => ({ kind: 'json' as const, value })) },
          {
            weight: 2,
            arbitrary: fc
              .record({
                fields: fc.array(fc.tuple(hostileString, hostileString), { maxLength: 3 }),
                file: fc.boolean(),
              })
              .map((m) => ({ kind: 'multipart' as const, ...m })),
          },
          { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        )
      : fc.constant({ kind: 'none' as const }),
    session: fc.oneof({ weight: 5, arbitrary: fc.constant('alice' as const) }, fc.constant('none' as const)),
    csrf: fc.oneof({ weight: 8, arbitrary: fc.constant(true) }, fc.constant(false)),
  });
}

async function send(op: Operation, req: GeneratedRequest) {
  let path = op.path;
  for (const [name, value] of Object.entries(req.segments)) path = path.replace(`{${name}}`, value);
  const query = req.query
    .map(([k, v]) => {
      try {
        return `${encodeURIComponent(k)}=${encodeURIComponent(v)}`;
      } catch {
        return 'q=%ED%A0%80';
      }
    })
    .join('&');
  const cookies = [`XSRF-TOKEN=${xsrf}`, ...(req.session === 'alice' ? [`sid=${alice.sid}`] : [])];
  const headers: Record<string, string> = { ...req.headers, cookie: cookies.join('; ') };
  if (req.csrf) headers['x-xsrf-token'] = xsrf;
  let body: string | FormData | undefined;
  if (req.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    // JSON.stringify keeps lone surrogates as \\u escapes, as a hostile client would send them.
    body = JSON.stringify(req.body.value) ?? 'null';
  } else if (req.body.kind === 'multipart') {
    const form = new FormData();
    for (const [name, value] of req.body.fields) form.append(name, value);
    if (req.body.file) form.append('image', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])]), 'x.png');
    body = form;
  }
  const response = await fetch(`${system.url}${path}${query ? `?${query}` : ''}`, {
    method: op.method,
    headers,
    ...(body === undefined ? {} : { body }),
    redirect: 'manual',
  });
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, type, json: undefined };
  }
  const text = Buffer.from(await response.arrayBuffer()).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, type, json };
}

describe('every API route answers 2xx, or 4xx with {msg}, whatever it is sent', () => {
  it('the route list comes from the gateway and is complete enough to mean something', () => {
    expect(operations.length).toBeGreaterThanOrEqual(25);
    expect(operations.map((o) => `${o.method} ${o.path}`)).toEqual(
      expect.arrayContaining(['POST /api/v1/auth/login', 'PATCH /api/v1/book/{bookId}', 'POST /api/v1/agent/plan']),
    );
    // Conditional saves (and a Word file brought back) declare If-Match: the properties send it, well and badly formed.
    const declaring = operations.filter((o) => o.headers.some((h) => h.name === 'if-match'));
    expect(declaring.map((o) => `${o.method} ${o.path}`).sort()).toEqual([
      'PATCH /api/v1/book/content/{bookId}',
      'PATCH /api/v1/book/metadata/{bookId}',
      'POST /api/v1/book/{bookId}/import',
    ]);
  });

  for (const op of operations) {
    it.prop([fc.constant(op).chain(requestArb)], { numRuns: runs, endOnFailure: true })(
      `${op.method} ${op.path}`,
      async (req) => {
        const res = await send(op, req);
        // 304 only answers a GET that sent If-None-Match (GET /book/{id}: the client's copy is current).
        const ok =
          (res.status >= 200 && res.status < 300) ||
          (res.status === 304 && op.method === 'GET' && req.headers['if-none-match'] !== undefined);
        // Every refusal is a 4xx with {msg}; any 5xx is a failure.
        const clientError = res.status >= 400 && res.status < 500;
        expect(ok || clientError, `status ${res.status} ${JSON.stringify(res.json)}`).toBe(true);
        if (clientError) {
          expect(res.type).toMatch(/application\/json/);
          expect(typeof (res.json as { msg?: unknown } | undefined)?.msg, JSON.stringify(res.json)).toBe('string');
        }
        if (op.path.includes('/auth/') || op.path.includes('/user/')) await keepAliceSignedIn();
      },
      300_000,
    );
  }
});
