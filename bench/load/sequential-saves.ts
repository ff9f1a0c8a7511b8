/**
 * Saves as the editor sends them (issue 22): one author on one keep-alive connection, each save on the ETag
 * the previous one answered (`If-Match`, `Prefer: return=minimal`), so each request waits for the previous
 * answer. Both a row and its anchor are driven by this same loop (autocannon prepares a connection's next
 * request before the answer arrives, which a conditional save cannot).
 */
import type { Author } from './authors';

export interface SequentialMeasure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The last edit number acknowledged with a 2xx. */
  lastAcked: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Sends `body(edit)` for edits 1, 2, … for `seconds`, each on the ETag the previous save answered. */
export async function sequentialSaves(
  url: string,
  author: Author,
  seconds: number,
  etag: string,
  body: (edit: number) => string,
): Promise<SequentialMeasure> {
  const latencies: number[] = [];
  let errors = 0;
  let lastAcked = 0;
  let tag = etag;
  const end = performance.now() + seconds * 1000;
  for (let edit = 1; performance.now() < end; edit += 1) {
    const payload = body(edit);
    const started = performance.now();
    // fetch keeps the connection alive, and one request at a time uses one connection.
    const answer = await fetch(`${url}/api/v1/book/content/${author.bookId}`, {
      method: 'PATCH',
      headers: {
        cookie: author.cookie,
        'x-xsrf-token': author.xsrf,
        'content-type': 'application/json',
        'if-match': tag,
        prefer: 'return=minimal',
      },
      body: payload,
    });
    const text = await answer.text();
    latencies.push(performance.now() - started);
    if (answer.status >= 300) {
      errors += 1;
      continue;
    }
    lastAcked = edit;
    // The bare route answers 204 with no tag: it keeps the one it was given.
    if (answer.status === 200) tag = (JSON.parse(text) as { etag: string }).etag;
  }
  const sorted = latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / seconds,
    p50: Math.round(percentile(sorted, 0.5)),
    p99: Math.round(percentile(sorted, 0.99)),
    errors,
    lastAcked,
  };
}
