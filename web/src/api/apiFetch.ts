import { apiMessages } from '@bookwright/contracts/http';
import { apiBaseUrl, readXsrfCookie, refreshXsrfCookie, xsrfHeaderName, xsrfToken } from './xsrf';

const mutatingMethods = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Whether a method changes something, and so must carry the CSRF token (ARCHITECTURE §11). */
export const isMutating = (method: string | undefined): boolean => mutatingMethods.has((method ?? 'GET').toUpperCase());

/** The browser's URL of an API path (`/book/1` → `/api/v1/book/1`). */
export const apiUrl = (path: string): string => `${apiBaseUrl}${path}`;

/**
 * The server's message in an answer's body (`{ msg }`, the one error shape of the API), if it has one. Every
 * reader of a refusal goes through this or errorMessage, so the author sees the server's words.
 */
export function serverMessageOf(body: unknown): string | undefined {
  if (typeof body === 'object' && body !== null) {
    const msg = (body as { msg?: unknown }).msg;
    if (typeof msg === 'string' && msg) return msg;
  }
  return undefined;
}

/** A 403 that says the CSRF token was stale, read from a copy so the caller can still read the answer. */
async function isXsrfRefusal(response: Response): Promise<boolean> {
  if (response.status !== 403) return false;
  try {
    return serverMessageOf(JSON.parse(await response.clone().text())) === apiMessages.csrf;
  } catch {
    return false;
  }
}

/**
 * The one way the web app talks to the gateway: `path` under `/api/v1`, cookies included, the X-XSRF-TOKEN
 * header on every mutating method, and one more try with a fresh token when the gateway says the token was
 * stale (it rotates it on login and logout). Everything else of `init` goes to fetch as given (headers,
 * body, signal, keepalive), and the answer comes back unread, whatever its status: the caller reads it as
 * JSON, a blob or a stream. A network failure or an abort rejects, as fetch does.
 *
 * The body is sent again on the retry, so it must be one that can be (a string, FormData or a Blob).
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const mutating = isMutating(init.method);
  const send = async (): Promise<Response> => {
    const headers = new Headers(init.headers);
    if (mutating) {
      // A request that outlives the page (keepalive) has no time to fetch a cookie: the token must be there.
      const token = init.keepalive ? readXsrfCookie() : await xsrfToken();
      if (token) headers.set(xsrfHeaderName, token);
    }
    return fetch(apiUrl(path), { ...init, headers, credentials: 'include' });
  };

  const response = await send();
  // Leaving the page leaves no time for a second round trip either.
  if (!mutating || init.keepalive || !(await isXsrfRefusal(response))) return response;
  await refreshXsrfCookie();
  return send();
}
