import type { Page, Route } from 'playwright-core';
import type { Book } from '@bookwright/contracts/http';
import { buildUser } from '@bookwright/contracts/testing';
import { fakeBook, summaryOf } from './books';

/** A user as GET /user/current-user answers it: the shared fixture, with what the suite or the sign-up sets. */
const userOf = (overrides: Record<string, unknown> = {}) => ({ ...buildUser(), ...overrides });

export interface MockApiOptions {
  signedIn?: boolean;
  user?: Record<string, unknown>;
  /** Answer of POST /payment; default: 404 as long as billing does not exist. */
  payment?: { status: number; body: unknown };
  /** Who takes payments, as GET /payment/plans answers; default: no answer (the web shows its defaults). */
  paymentProvider?: 'local' | 'stripe';
  /** The library (GET /book and friends); default none. */
  books?: Book[];
  /** Force a status on one kind of book call (e.g. { plan: 403 }). */
  fail?: Partial<Record<'plan' | 'state' | 'content' | 'metadata' | 'confirm', number>>;
  /** Delay (ms) before answering book mutations, to see 'Saving...' states. */
  delayMs?: number;
  /** The identity provider GET /auth/providers names; default 'Acme ID', null for none. */
  identityProvider?: string | null;
  /** Answer of GET /payment/invoices (shared contract `{ data: Invoice[] }`); default 404 like a gateway without it. */
  invoices?: { status: number; body: unknown };
  /** Answer of GET /payment/plans; default 404 (the settings fall back to contracts' prices). */
  plans?: { status: number; body: unknown };
  /** Who writes, as GET /health answers; default a model (`openai`), `offline` shows the demo banner. */
  llm?: 'openai' | 'offline';
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  xsrf: string | undefined;
}

/**
 * A stand-in for the gateway, installed with page.route: enough of /api/v1 for the UI tests, with the
 * CSRF cookie/header check of the real one.
 */
export async function mockApi(page: Page, options: MockApiOptions = {}) {
  const state = {
    signedIn: options.signedIn ?? false,
    user: userOf(options.user),
    books: [...(options.books ?? [])],
  };
  const findBook = (id: string) => state.books.find((b) => b._id === id);
  const change = (id: string, patch: Partial<Book>) => {
    const index = state.books.findIndex((b) => b._id === id);
    const book = { ...state.books[index]!, ...patch, updatedAt: new Date().toISOString() };
    state.books[index] = book;
    return book;
  };
  const calls: RecordedCall[] = [];
  const token = 'test-xsrf-token';

  const json = (route: Route, status: number, body: unknown, setCookie = true) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      headers: setCookie ? { 'set-cookie': `XSRF-TOKEN=${token}; Path=/; SameSite=Lax` } : {},
      body: JSON.stringify(body),
    });

  await page.route('**/api/v1/**', async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.replace('/api/v1', '');
    const method = request.method();
    const body = request.postDataJSON() as unknown;
    const xsrf = (await request.allHeaders())['x-xsrf-token'];
    calls.push({ method, path, body, xsrf });

    if (method !== 'GET' && xsrf !== token) {
      return json(route, 403, { msg: 'Invalid or missing CSRF token. Reload the page and try again' });
    }
    const b = (body ?? {}) as Record<string, string>;
    if (await bookRoutes(route, method, path, body)) return;
    switch (`${method} ${path}`) {
      case 'GET /health':
        return json(route, 200, { status: 'ok', mode: 'embedded', checks: {}, llm: options.llm ?? 'openai' });
      case 'GET /user/current-user':
        return state.signedIn
          ? json(route, 200, state.user)
          : json(route, 401, { msg: 'You need to be logged in to access this content' });
      case 'POST /auth/login':
        if (b.password !== 'correct horse') return json(route, 401, { msg: 'Invalid email or password' });
        state.signedIn = true;
        return json(route, 200, { msg: 'Logged in', user: state.user });
      case 'POST /auth/sign-up':
        if (b.email === 'taken@example.com')
          return json(route, 409, { msg: 'An account with this email already exists' });
        state.signedIn = true;
        state.user = userOf({ firstName: b.firstName, lastName: b.lastName, email: b.email, userName: b.userName });
        return json(route, 201, { msg: 'Account created', user: state.user });
      case 'GET /auth/providers': {
        const name = options.identityProvider === undefined ? 'Acme ID' : options.identityProvider;
        return json(route, 200, { data: { oidc: name === null ? null : { name } } });
      }
      case 'GET /auth/logout':
        state.signedIn = false;
        return json(route, 200, { msg: 'Logged out' });
      case 'POST /user/forgot-password':
        return json(route, 200, {
          msg: "If an account exists for this email, we've sent a link to reset your password.",
        });
      case 'POST /user/reset-password':
        if (b.token === 'expired')
          return json(route, 400, { msg: 'This reset link has expired. Please request a new one.' });
        return json(route, 200, { msg: 'Password reset successfully!' });
      case 'GET /payment/plans':
        if (options.plans) return json(route, options.plans.status, options.plans.body);
        if (!options.paymentProvider) return json(route, 404, { msg: 'Not found' });
        return json(route, 200, {
          data: {
            provider: options.paymentProvider,
            currency: 'eur',
            plans: [
              { accountType: 'starter', amount: 30, label: 'Starter' },
              { accountType: 'professional', amount: 70, label: 'Professional' },
            ],
          },
        });
      case 'POST /payment': {
        const answer = options.payment ?? { status: 404, body: { msg: 'Not found' } };
        return json(route, answer.status, answer.body);
      }
      case 'GET /payment/invoices': {
        const answer = options.invoices ?? { status: 404, body: { msg: 'Not found' } };
        return json(route, answer.status, answer.body);
      }
      default:
        return json(route, 404, { msg: 'Not found' });
    }
  });

  /** The book endpoints of spec §7 over `state.books`; undefined when `path` is not one of them. */
  async function bookRoutes(route: Route, method: string, path: string, body: unknown): Promise<boolean> {
    const fail = options.fail ?? {};
    const reply = async (...args: Parameters<typeof json>) => {
      await json(...args);
      return true;
    };
    const wait = () => new Promise((r) => setTimeout(r, options.delayMs ?? 0));
    const data = (body ?? {}) as Record<string, unknown>;
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/events') {
      // 204: the browser's EventSource gives up; the UI falls back to polling.
      await route.fulfill({ status: 204, body: '' });
      return true;
    }
    if (method === 'GET' && path === '/book') return reply(route, 200, state.books.map(summaryOf));
    if (method === 'POST' && path === '/agent/plan') {
      await wait();
      if (fail.plan) return reply(route, fail.plan, { msg: 'Refused' });
      const book = fakeBook({
        _id: `new-${state.books.length + 1}`,
        title: String(data.title),
        genre: data.genre as Book['genre'],
        targetAudience: String(data.targetAudience),
        status: 'planning',
        bookState: null,
      });
      state.books.unshift(book);
      return reply(route, 201, book);
    }
    if ((m = /^\/agent\/write\/([^/]+)$/.exec(path)) && method === 'PATCH') {
      await wait();
      if (fail.confirm || !findBook(m[1]!)) return reply(route, fail.confirm ?? 404, { msg: 'Refused' });
      return reply(
        route,
        200,
        change(m[1]!, { status: 'writing', progress: { chaptersWritten: 0, chaptersTotal: 12 } }),
      );
    }
    if ((m = /^\/book\/(content|metadata)\/([^/]+)$/.exec(path)) && method === 'PATCH') {
      await wait();
      const kind = m[1] as 'content' | 'metadata';
      if (fail[kind] || !findBook(m[2]!)) return reply(route, fail[kind] ?? 404, { msg: 'Refused' });
      if (kind === 'content') return reply(route, 200, change(m[2]!, { bookContent: String(data.bookContent) }));
      const { keywords, ...rest } = data as Partial<Book> & { keywords?: string[] };
      return reply(route, 200, change(m[2]!, { ...rest, keywords: keywords ?? [] }));
    }
    if ((m = /^\/book\/([^/]+)\/retry$/.exec(path)) && method === 'POST') {
      if (!findBook(m[1]!)) return reply(route, 404, { msg: 'Not found' });
      return reply(route, 200, change(m[1]!, { status: 'writing', failure: null }));
    }
    if ((m = /^\/book\/([^/]+)$/.exec(path))) {
      const book = findBook(m[1]!);
      if (!book) return reply(route, 404, { msg: 'Not found' });
      if (method === 'GET') return reply(route, 200, book);
      if (method === 'PATCH') {
        await wait();
        if (fail.state) return reply(route, fail.state, { msg: 'Refused' });
        return reply(route, 200, change(book._id, { bookState: data.newBookState as Book['bookState'] }));
      }
    }
    return false;
  }

  return { calls, state };
}
