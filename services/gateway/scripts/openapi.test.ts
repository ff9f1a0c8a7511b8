import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typeCheckStrictly } from '../../../tests/support/compile-typescript';
import { apiTags, publicOperations } from '../src/openapi/document';
import { openApiPath, renderOpenApi, servedOpenApiOf, withBareGateway } from './generate-openapi';

type JsonObject = Record<string, unknown>;
type Operation = { path: string; method: string; operation: JsonObject };

let app: FastifyInstance;
let release: () => void;
let document: JsonObject;
let operations: Operation[];

beforeAll(async () => {
  // One gateway for the whole file, held open until the tests are done.
  await new Promise<void>((ready) => {
    void withBareGateway(async (built) => {
      app = built;
      document = await servedOpenApiOf(app);
      ready();
      await new Promise<void>((done) => (release = done));
    });
  });
  operations = Object.entries(document.paths as Record<string, Record<string, JsonObject>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );
});
afterAll(() => release?.());

describe('docs/api/openapi.json', () => {
  it('is the document the gateway serves (run `npm run openapi` after changing a route)', async () => {
    expect(readFileSync(openApiPath, 'utf8')).toBe(await renderOpenApi());
  });
});

describe('the served OpenAPI document', () => {
  it('names every operation once, after its handler, under a declared tag', () => {
    expect(operations.length).toBeGreaterThan(40);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[a-z][A-Za-z]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const declared = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    expect([...declared]).toEqual(apiTags.map((tag) => tag.name));
    expect(
      operations.filter(({ operation }) => !(operation.tags as string[]).every((tag) => declared.has(tag))),
    ).toEqual([]);
  });

  it('gives the main entities names, and every error the shared Error schema', () => {
    const schemas = (document.components as { schemas: JsonObject }).schemas;
    for (const name of ['Book', 'BookSummary', 'User', 'PlanPrices', 'Revision', 'Invoice', 'Error'])
      expect(schemas, name).toHaveProperty(name);
    for (const { operation } of operations)
      for (const [status, answer] of Object.entries(operation.responses as Record<string, JsonObject>)) {
        expect((answer.description as string).length, `${String(operation.operationId)} ${status}`).toBeGreaterThan(1);
        expect(answer.description).not.toBe('Default Response');
        if (status.startsWith('4'))
          expect(JSON.stringify(answer.content)).toMatch(/#\/components\/schemas\/(Error|StaleBook)"/);
      }
  });

  it('declares media types for downloads, uploads and streams', () => {
    const byId = new Map(operations.map(({ operation }) => [operation.operationId, operation]));
    const answered = (id: string) =>
      Object.keys(((byId.get(id)!.responses as JsonObject)['200'] as JsonObject).content as JsonObject);
    expect(answered('exportBook').sort()).toEqual([
      'application/epub+zip',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/zip',
    ]);
    expect(answered('getCoverImage')).toContain('image/png');
    expect(answered('exportUserData')).toEqual(['application/zip']);
    expect(answered('streamBookEvents')).toEqual(['text/event-stream']);
    expect(Object.keys((byId.get('uploadCover')!.requestBody as { content: JsonObject }).content)).toEqual([
      'multipart/form-data',
    ]);
  });

  it('declares formats and enums as tight as the server', () => {
    const text = JSON.stringify(document);
    expect(text).toContain('"format":"email"');
    expect(text).toContain('"format":"date-time"');
    const plan = operations.find(({ operation }) => operation.operationId === 'planBook')!.operation;
    expect(JSON.stringify(plan.requestBody)).toMatch(/"size":\{[^}]*"enum":\["short"\]/);
  });

  it('declares exactly the public operations without the session cookie, as the gateway answers', async () => {
    const wrong: string[] = [];
    let refusedWith401 = 0;
    for (const { path, method, operation } of operations) {
      const id = String(operation.operationId);
      const security = operation.security as JsonObject[];
      const needsSession = security.some((requirement) => 'sessionCookie' in requirement);
      if (needsSession === publicOperations.has(id)) wrong.push(`${id}: declared wrongly`);
      const response = await app.inject({
        method: method.toUpperCase() as 'GET',
        url: path.replace(/\{[^}]+\}/g, 'x1'),
        headers: { cookie: 'XSRF-TOKEN=t', 'x-xsrf-token': 't', 'content-type': 'application/json' },
        ...(method === 'get' ? {} : { payload: '{}' }),
      });
      // A body is checked before the session (Fastify validates before preHandler hooks), so a signed-in
      // operation sent an invalid body may answer 400 first; it must never answer a stranger anything else.
      const refused = response.statusCode === 401 || (needsSession && response.statusCode === 400);
      if (refused !== needsSession) wrong.push(`${id}: answered ${response.statusCode} without a session`);
      if (response.statusCode === 401) refusedWith401 += 1;
    }
    expect(wrong).toEqual([]);
    expect(refusedWith401).toBeGreaterThan(20);
  });
});

describe('tools an integrator would use on it', () => {
  it('passes Spectral (spectral:oas) and Redocly (recommended) with no errors', async () => {
    const text = readFileSync(openApiPath, 'utf8');
    const { Spectral, Document } = await import('@stoplight/spectral-core');
    const { oas } = await import('@stoplight/spectral-rulesets');
    const { Json } = await import('@stoplight/spectral-parsers');
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(text, Json, 'openapi.json'));
    expect(
      results.filter((result) => result.severity === 0).map((result) => `${result.code} ${result.path.join('.')}`),
    ).toEqual([]);

    const { createConfig, lintFromString } = await import('@redocly/openapi-core');
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: text, absoluteRef: 'openapi.json', config });
    expect(
      problems
        .filter((problem) => problem.severity === 'error')
        .map((problem) => `${problem.ruleId} ${problem.message}`),
    ).toEqual([]);
  });

  it('generates named types with openapi-typescript that a small client compiles against', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const types = astToString(await openapiTS(new URL(`file://${openApiPath}`)));
    typeCheckStrictly(
      {
        'api.d.ts': types,
        'client.ts': `import type { components, operations } from './api';
type Book = components['schemas']['Book'];
type BookAnswer = operations['getBook']['responses'][200]['content']['application/json'];
export async function getBook(id: string): Promise<Book> {
  const response = await fetch(\`/api/v1/book/\${encodeURIComponent(id)}\`, { credentials: 'include' });
  if (!response.ok) throw new Error(((await response.json()) as components['schemas']['Error']).msg);
  return (await response.json()) as BookAnswer;
}
export const titleOf = (book: Book): string => book.title;
`,
      },
      'client.ts',
    );
  }, 60_000);
});
