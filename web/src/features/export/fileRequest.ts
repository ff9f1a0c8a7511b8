import { safeFileName } from '@bookwright/contracts/text';
import { apiFetch } from '../../api/apiFetch';
import { type ApiError, newRequestId, requestIdHeader, serverMessageOf } from '../../api/baseQuery';

/** A file the server answered, with the headers that describe it (Content-Disposition, x-image-url …). */
export interface FileAnswer {
  blob: Blob;
  headers: Headers;
}

/**
 * A failed call that should have answered a file: the base query's ApiError (status, msg) plus the error
 * body as the server sent it, since some callers read more than its msg (export's `issues`).
 */
export interface FileRequestError extends ApiError {
  /** The JSON error body; undefined when there was none. */
  body?: unknown;
  /** The error body was empty or not JSON. */
  unreadable?: boolean;
}

export type FileResult = { data: FileAnswer } | { error: FileRequestError };

async function readErrorBody(response: Response): Promise<{ body?: unknown; unreadable: boolean }> {
  try {
    const text = await response.text();
    return { body: JSON.parse(text) as unknown, unreadable: false };
  } catch {
    return { unreadable: true };
  }
}

/**
 * POST with a JSON body to an endpoint that answers a file (an export, a generated cover), through apiFetch
 * as the api slice's base query goes: `/api/v1`, cookies, the X-XSRF-TOKEN header and one retry with a fresh
 * token when the gateway says the token was stale. RTK Query endpoints call it from their `queryFn`.
 */
export async function postForFile(url: string, body: unknown, signal?: AbortSignal): Promise<FileResult> {
  // One author action, one id, kept for apiFetch's retry with a fresh token.
  const headers = new Headers({ Accept: '*/*', 'Content-Type': 'application/json', [requestIdHeader]: newRequestId() });
  try {
    const response = await apiFetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
    if (response.ok) return { data: { blob: await response.blob(), headers: response.headers } };
    const { body: errorBody, unreadable } = await readErrorBody(response);
    const error: FileRequestError = { status: response.status, unreadable };
    const msg = serverMessageOf(errorBody);
    if (msg) error.msg = msg;
    if (errorBody !== undefined) error.body = errorBody;
    return { error };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { error: { status: 0 } };
  }
}

/**
 * The file name a Content-Disposition header gives: the RFC 8187 `filename*=UTF-8''…` when there is one (it
 * keeps every letter), else the ASCII `filename`. Made safe again, since it becomes a name on the author's
 * disk; undefined when the header names no usable file.
 */
export function dispositionFileName(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /(?:^|;)\s*filename\*\s*=\s*UTF-8'[^']*'([^;\s]+)/i.exec(disposition)?.[1];
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the ASCII name below.
    }
  }
  name ??= /(?:^|;)\s*filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i
    .exec(disposition)
    ?.slice(1)
    .find((value) => value !== undefined)
    ?.replace(/\\(.)/g, '$1');
  return (name && safeFileName(name)) || undefined;
}

/** Hands a file to the browser's downloads under `fileName` (an <a download> on an object URL). */
export function saveFile(objectUrl: string, fileName: string, container: HTMLElement = document.body): void {
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  container.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; keep it a little for slow browsers, then free the memory.
  setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
}
