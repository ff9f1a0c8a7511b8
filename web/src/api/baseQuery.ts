import type { BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { apiFetch, isMutating, serverMessageOf } from './apiFetch';
import { randomUuid } from '../lib/uuid';

// Read by many callers from here since before apiFetch held it.
export { serverMessageOf };

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Plain objects are sent as JSON; FormData as multipart. */
  body?: unknown;
  responseType?: 'json' | 'blob';
  /**
   * The author action this request belongs to. A caller that may send the same action again (the create
   * form after a failure) passes its own id; otherwise each mutation gets a fresh one.
   */
  requestId?: string;
}

/** The header the gateway reads to recognise a repeated action (it answers the first result again). */
export const requestIdHeader = 'X-Request-Id';

/** A new action's id (a v4 UUID): one per author action, kept for every attempt of that action. */
export const newRequestId = (): string => randomUuid();

/** Every failed call: the HTTP status (0 when the network failed) and the server's `msg` when it sent one. */
export interface ApiError {
  status: number;
  msg?: string;
  /** The request was cancelled by the app (not a failure to report). */
  aborted?: true;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'number';
}

/**
 * What to tell the author about a failed call: the server's msg when it refused the request (4xx: the
 * message says why, e.g. why a cover image was refused), else the caller's own text for the failure. A
 * 5xx's message is the catalogue's generic one (details never reach the client), which says less than
 * the caller's "Error saving metadata. Please try again."; a network failure has none.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 && error.msg ? error.msg : fallback;
}

async function readBody(response: Response, responseType: ApiRequest['responseType']): Promise<unknown> {
  if (responseType === 'blob' && response.ok) return response.blob();
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** RTK Query's way to the gateway: apiFetch (the URL, cookies, the CSRF token), with JSON in and out. */
export const baseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError> = async (args, api) => {
  const request: ApiRequest = typeof args === 'string' ? { url: args } : args;
  const method = request.method ?? 'GET';
  // Chosen once per call, so apiFetch's retry with a fresh token repeats the same action under the same id.
  const requestId = isMutating(method) ? (request.requestId ?? newRequestId()) : undefined;

  const headers = new Headers({ Accept: 'application/json' });
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.body);
  }
  if (requestId) headers.set(requestIdHeader, requestId);

  try {
    const response = await apiFetch(request.url, { method, headers, body, signal: api.signal });
    const data = await readBody(response, request.responseType);
    if (!response.ok) return { error: { status: response.status, msg: serverMessageOf(data) } };
    return { data };
  } catch (error) {
    // A request cancelled on purpose (a newer one replaced it, or its screen closed) is no failure: answered
    // as an error nobody reads, since RTK Query logs whatever a base query throws.
    if (error instanceof DOMException && error.name === 'AbortError') return { error: { status: 0, aborted: true } };
    return { error: { status: 0 } };
  }
};
