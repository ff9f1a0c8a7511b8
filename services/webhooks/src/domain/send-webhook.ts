import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, type ResolveAll } from './target-url';
import { isForbiddenAddress } from './target-address';

/** The longest a call may take, and how much of an answer is kept (decision 0046). */
export const sendTimeoutMs = 10_000;
export const keptResponseBytes = 256 * 1024;

export interface SendResult {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  responseBody: string | null;
}

/**
 * One POST of a signed body. No redirect is followed (node's client follows none: a 3xx is a failed
 * attempt); the address connected to is checked by the connection's own lookup unless private targets are
 * allowed; at most 256 KB of the answer is read, the rest is dropped.
 */
export function sendWebhook(options: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  resolve?: ResolveAll;
  now?: () => number;
}): Promise<SendResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const done = (partial: Omit<SendResult, 'durationMs'>): SendResult => ({ ...partial, durationMs: now() - started });
  const url = new URL(options.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!options.allowPrivate && (url.protocol !== 'https:' || (isIP(host) && isForbiddenAddress(host))))
    return Promise.resolve(done({ statusCode: null, error: 'forbidden target', responseBody: null }));

  return new Promise((resolve) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        method: 'POST',
        headers: {
          ...options.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(options.body)),
          'user-agent': 'Bookwright-Webhooks/1',
        },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup(options.resolve) }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        res.on('data', (chunk: Buffer) => {
          if (kept >= keptResponseBytes) return;
          const part = chunk.subarray(0, keptResponseBytes - kept);
          chunks.push(part);
          kept += part.length;
          if (kept >= keptResponseBytes) res.destroy();
        });
        const finish = () =>
          resolve(
            done({
              statusCode: res.statusCode ?? null,
              error: null,
              responseBody: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        res.on('end', finish);
        res.on('close', finish);
      },
    );
    // The whole call, not only an idle socket, is bounded: a receiver trickling bytes is cut off too.
    const timer = setTimeout(() => req.destroy(new Error(`no answer in ${sendTimeoutMs / 1000} s`)), sendTimeoutMs);
    req.on('close', () => clearTimeout(timer));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(
        done({
          statusCode: null,
          error: error.code === 'EWEBHOOKFORBIDDEN' ? 'forbidden target' : error.message,
          responseBody: null,
        }),
      ),
    );
    req.end(options.body);
  });
}
