import { randomUUID } from 'node:crypto';
import { BookwrightError } from './bookwright-error';
import type { CookieJar } from './cookie-jar';

/** A fetch that takes a prepared Request (what openapi-fetch hands its `fetch`). */
export type Transport = (request: Request) => Promise<Response>;

/** The gateway's names (services/gateway/src/security/cookies.ts), which the web app uses too. */
export const sessionCookieName = 'sid';
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
/** The header the gateway reads to recognise a repeated action: a retry keeps it, so it is done once. */
export const requestIdHeader = 'X-Request-Id';
/** Any GET hands out the XSRF cookie; this one is the cheapest (web/src/api/xsrf.ts asks /health). */
const xsrfSourcePath = '/api/v1/health/live';

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The gateway's refusal of a stale or missing XSRF token (contracts' `apiMessages.csrf`). The SDK depends on
 * the published API only, not on the repository's contracts package, so it recognises the text by its word.
 */
function isXsrfRefusal(status: number, body: unknown): boolean {
  const msg = typeof body === 'object' && body !== null ? (body as { msg?: unknown }).msg : undefined;
  return status === 403 && typeof msg === 'string' && /\bCSRF\b/.test(msg);
}

/** Every mutation gets an X-Request-Id of its own unless the caller gave one, kept across the retry below. */
function withRequestId(request: Request): Request {
  if (!mutating.has(request.method) || request.headers.has(requestIdHeader)) return request;
  const headers = new Headers(request.headers);
  headers.set(requestIdHeader, randomUUID());
  return new Request(request, { headers });
}

async function send(base: typeof fetch, request: Request): Promise<Response> {
  try {
    return await base(request);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') throw error;
    throw BookwrightError.unreachable(new URL(request.url).origin, error);
  }
}

/** `Authorization: Bearer <token>` on every call, and nothing else: no cookie, no XSRF header (decision 0045). */
export function tokenTransport(token: string, base: typeof fetch = globalThis.fetch): Transport {
  return (request) => {
    const prepared = withRequestId(request);
    prepared.headers.set('authorization', `Bearer ${token}`);
    return send(base, prepared);
  };
}

/**
 * A signed-in browser, as the web app is (web/src/api/baseQuery.ts): the session cookie on every call, the
 * `XSRF-TOKEN` cookie's value echoed in `X-XSRF-TOKEN` on every mutation (fetched first with a GET when the
 * jar has none), and one retry with a fresh token when the gateway refuses a stale one.
 */
export function sessionTransport(jar: CookieJar, base: typeof fetch = globalThis.fetch): Transport {
  const exchange = async (request: Request): Promise<Response> => {
    const cookie = jar.header();
    if (cookie) request.headers.set('cookie', cookie);
    const response = await send(base, request);
    jar.store(response);
    return response;
  };

  const refreshXsrf = async (origin: string) => {
    jar.delete(xsrfCookieName);
    const response = await exchange(new Request(new URL(xsrfSourcePath, origin)));
    await response.body?.cancel();
  };

  const attempt = async (request: Request): Promise<Response> => {
    if (mutating.has(request.method)) {
      if (!jar.get(xsrfCookieName)) await refreshXsrf(new URL(request.url).origin);
      request.headers.set(xsrfHeaderName, jar.get(xsrfCookieName) ?? '');
    }
    return exchange(request);
  };

  return async (request) => {
    const prepared = withRequestId(request);
    if (!mutating.has(prepared.method)) return attempt(prepared);
    // The body can be read once: keep a copy for the one retry.
    const copy = prepared.clone();
    const response = await attempt(prepared);
    if (response.status !== 403) return response;
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (!isXsrfRefusal(response.status, body)) return response;
    await response.body?.cancel();
    await refreshXsrf(new URL(copy.url).origin);
    return attempt(copy);
  };
}
