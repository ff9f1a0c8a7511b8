import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { publicOperations } from '../openapi/document';
import { servedOpenApiOf, withBareGateway } from '../../scripts/generate-openapi';
import { tokenPolicies, tokenPolicy } from './api-token-scopes';

type Operation = { key: string; operationId: string };

let release: () => void;
let operations: Operation[];

beforeAll(async () => {
  await new Promise<void>((ready) => {
    void withBareGateway(async (app: FastifyInstance) => {
      const document = (await servedOpenApiOf(app)) as {
        paths: Record<string, Record<string, { operationId: string }>>;
      };
      operations = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item).map(([method, operation]) => ({
          // The table's form: the method, and the route without /api/v1 with :params.
          key: `${method.toUpperCase()} ${path.replace(/^\/api\/v1/, '').replace(/\{(\w+)\}/g, ':$1')}`,
          operationId: operation.operationId,
        })),
      );
      ready();
      await new Promise<void>((done) => (release = done));
    });
  });
});
afterAll(() => release?.());

describe('the scopes of API tokens by route (decision 0045)', () => {
  it('names only routes the gateway has', () => {
    const routes = new Set(operations.map((operation) => operation.key));
    expect(Object.keys(tokenPolicies).filter((key) => !routes.has(key))).toEqual([]);
  });

  it('calls public only what needs no sign-in, and gives a scope only to what needs one', () => {
    for (const { key, operationId } of operations) {
      const [method = '', path = ''] = key.split(' ');
      const policy = tokenPolicy(method, path);
      if (policy === 'public') expect(publicOperations.has(operationId), key).toBe(true);
      if (policy !== 'public' && policy !== 'session') expect(publicOperations.has(operationId), key).toBe(false);
    }
  });

  it('refuses tokens on a route it does not list', () => {
    expect(tokenPolicy('POST', '/some/new/route')).toBe('session');
    expect(tokenPolicy('HEAD', '/book')).toBe('books:read');
  });
});
