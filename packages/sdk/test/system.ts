import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { silentLogger } from '@bookwright/kit';
import { runAdmin } from '../../../scripts/admin/admin';
import { newAccount, type TestSystem } from '../../../tests/support/test-system';
import { Bookwright } from '../src/client/bookwright';

/** Puts an account on a plan by hand, as an operator does for an Enterprise contract (`npm run admin`). */
export async function setPlan(system: TestSystem, email: string, plan: 'starter' | 'enterprise'): Promise<void> {
  const done = await runAdmin(
    ['set-plan', email, plan],
    {
      DATA_DIR: system.dataDir,
      DATABASE_SCHEMA_PREFIX: system.schemaPrefix,
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
    silentLogger(),
  );
  expect(done.exitCode, done.output).toBe(0);
}

/** A new account on Enterprise (the API's plan), signed in through the SDK's session client. */
export async function enterpriseSession(system: TestSystem, fetchWith?: typeof fetch) {
  const account = newAccount({ firstName: 'Grace', lastName: 'Hopper' });
  const anonymous = Bookwright.anonymous({ baseUrl: system.url });
  await anonymous.ok(anonymous.api.POST('/api/v1/auth/sign-up', { body: account }));
  await setPlan(system, account.email, 'enterprise');
  const session = await Bookwright.signIn({
    baseUrl: system.url,
    email: account.email,
    password: account.password,
    ...(fetchWith ? { fetch: fetchWith } : {}),
  });
  return { session, email: account.email };
}

/** A token of the session's person, with these scopes. */
export async function tokenFor(
  session: Bookwright,
  scopes: ('books:read' | 'books:write' | 'exports:write' | 'webhooks:write')[],
) {
  return session.ok(session.api.POST('/api/v1/tokens', { body: { name: 'SDK test', scopes } }));
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine that keeps what it gets and answers 204. */
export async function startReceiver(): Promise<{ url: string; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Waits for a condition that a background delivery makes true (bounded by the test's timeout). */
export async function eventually<T>(probe: () => T | undefined, what: string, tries = 1200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`never saw ${what}`);
}
