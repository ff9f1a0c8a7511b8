/**
 * CSRF double-submit (ARCHITECTURE §11): the gateway sets a readable `XSRF-TOKEN` cookie on any GET and
 * expects its value back in the `X-XSRF-TOKEN` header of every mutating request.
 */
export const xsrfCookieName = 'XSRF-TOKEN';
export const xsrfHeaderName = 'X-XSRF-TOKEN';
export const apiBaseUrl = '/api/v1';

export function readXsrfCookie(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === xsrfCookieName) {
      const value = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

let pending: Promise<void> | undefined;

/** Any GET makes the gateway set the cookie; the health check is the cheapest one. */
export function refreshXsrfCookie(): Promise<void> {
  pending ??= fetch(`${apiBaseUrl}/health`, { credentials: 'include' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      pending = undefined;
    });
  return pending;
}

/** The token for a mutating request, fetching the cookie first when the browser has none yet. */
export async function xsrfToken(): Promise<string | undefined> {
  const existing = readXsrfCookie();
  if (existing) return existing;
  await refreshXsrfCookie();
  return readXsrfCookie();
}
