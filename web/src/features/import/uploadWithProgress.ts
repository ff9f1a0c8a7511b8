import { apiMessages } from '@bookwright/contracts/http';
import { newRequestId, requestIdHeader, serverMessageOf } from '../../api/baseQuery';
import { apiBaseUrl, refreshXsrfCookie, xsrfHeaderName, xsrfToken } from '../../api/xsrf';

/** How far an upload is: bytes of the request body sent, of `total` (0 when the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface MultipartUpload {
  /** The API path, without /api/v1. */
  url: string;
  form: FormData;
  /** Headers beside the CSRF token and the request id (If-Match). */
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** How an upload ended: an answer (any status), no answer at all, or cancelled by the page. */
export type UploadOutcome =
  | { kind: 'answered'; status: number; body: unknown; etag: string | undefined }
  | { kind: 'offline' }
  | { kind: 'aborted' };

function parse(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * A multipart POST to the gateway that reports its upload progress. fetch cannot (a request body's progress
 * has no event there), so this is the one XMLHttpRequest of the app; it sends what baseQuery sends with a
 * mutation (cookies, the CSRF token from the same source, one request id for every attempt) and, like it,
 * tries once more with a fresh token when the gateway rejects a stale one.
 */
export async function uploadWithProgress(upload: MultipartUpload): Promise<UploadOutcome> {
  const requestId = newRequestId();
  const send = async (): Promise<UploadOutcome> => {
    const token = await xsrfToken();
    return new Promise((resolve) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', `${apiBaseUrl}${upload.url}`);
      xhr.withCredentials = true;
      xhr.setRequestHeader('Accept', 'application/json');
      if (token) xhr.setRequestHeader(xsrfHeaderName, token);
      xhr.setRequestHeader(requestIdHeader, requestId);
      for (const [name, value] of Object.entries(upload.headers ?? {})) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) =>
        upload.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
      xhr.onload = () =>
        resolve({
          kind: 'answered',
          status: xhr.status,
          body: parse(xhr.responseText),
          etag: xhr.getResponseHeader('ETag') ?? undefined,
        });
      xhr.onerror = () => resolve({ kind: 'offline' });
      xhr.ontimeout = () => resolve({ kind: 'offline' });
      xhr.onabort = () => resolve({ kind: 'aborted' });
      if (upload.signal?.aborted) return resolve({ kind: 'aborted' });
      upload.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(upload.form);
    });
  };

  const first = await send();
  const staleToken =
    first.kind === 'answered' && first.status === 403 && serverMessageOf(first.body) === apiMessages.csrf;
  if (!staleToken) return first;
  await refreshXsrfCookie();
  return send();
}
