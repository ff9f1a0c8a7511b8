/**
 * The partial-save row of the load bench (issue 22): `PATCH /book/content/{id}` with one changed chapter of
 * the 100-page manuscript (`{chapters: [{index, content}]}`, If-Match, `Prefer: return=minimal`), one author
 * on one connection, against the bare route parsing the same body. A partial save needs the ETag of the
 * save before it, so each request waits for the previous answer: both sides are driven by the same
 * sequential keep-alive loop (autocannon prepares the next request before the answer arrives).
 */
import type { Author } from './authors';
import { chapter, manuscript } from './manuscript';

export const partialSaveTarget = 0.5;
/** The chapter every partial save rewrites (the others stay as seeded). */
const editedChapter = 3;

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

/** Saves chapter `editedChapter` again and again for `seconds`, each save on the ETag the previous one answered. */
export async function partialSaves(
  url: string,
  author: Author,
  seconds: number,
  etag: string,
): Promise<SequentialMeasure> {
  const latencies: number[] = [];
  let errors = 0;
  let lastAcked = 0;
  let tag = etag;
  const end = performance.now() + seconds * 1000;
  for (let edit = 1; performance.now() < end; edit += 1) {
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
      body: JSON.stringify({
        chapters: [{ index: editedChapter, content: chapter(0, editedChapter, `edit ${edit}`) }],
      }),
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

/** What the author's book must hold after the partial saves: the seed with the last acknowledged edit. */
export const afterPartialSaves = (lastAcked: number) => manuscript(0, editedChapter, lastAcked);
export const partialSeed = () => manuscript(0, editedChapter, 0);
