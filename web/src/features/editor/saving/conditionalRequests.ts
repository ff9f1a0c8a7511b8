import { SavedContentSchema, type Book, type SavedContent } from '@bookwright/contracts/http';
import { apiFetch } from '../../../api/apiFetch';
import { requestIdHeader, serverMessageOf } from '../../../api/baseQuery';

/**
 * The book as GET /book/{id} answers it with conflict-safe saves: its `etag` (the ETag header's value,
 * quotes included) names the version of manuscript and metadata together.
 */
export type VersionedBook = Book & { etag?: string };

/** How one conditional save (PATCH with If-Match) ended. */
export type SaveOutcome =
  | { kind: 'saved'; book: VersionedBook; etag: string | undefined }
  /** 412: the book changed elsewhere since `etag`; nothing was stored. */
  | { kind: 'conflict' }
  /** No answer at all: the network is down (or the request was cut). */
  | { kind: 'offline' }
  | { kind: 'failed'; status: number; msg?: string };

/** keepalive requests may carry at most 64 KB in flight (Fetch standard); larger ones are refused at once. */
export const keepaliveLimitBytes = 64 * 1024;

async function json(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The ETag of an answer: the header when the browser lets us read it, else the body's `etag`. */
function etagOf(response: Response, body: unknown): string | undefined {
  const header = response.headers.get('ETag');
  if (header) return header;
  const field = typeof body === 'object' && body !== null ? (body as { etag?: unknown }).etag : undefined;
  return typeof field === 'string' ? field : undefined;
}

export interface ConditionalPatch {
  /** `content` (PATCH /book/content/{id}) or `metadata` (PATCH /book/metadata/{id}). */
  target: 'content' | 'metadata';
  bookId: string;
  body: unknown;
  /** The version the change was made on; undefined only while the server sends none (last write wins). */
  etag: string | undefined;
  /** One per author action, reused on every retry of it. */
  requestId: string;
  /** The page is going away: the browser finishes the request after the page is gone. */
  keepalive?: boolean;
}

/** The answer to a save sent with `Prefer: return=minimal`: the new version only, not the book. */
export type MinimalSaveOutcome = Exclude<SaveOutcome, { kind: 'saved' }> | { kind: 'saved'; saved: SavedContent };

/**
 * PATCH with If-Match, outside RTK Query: the editor needs the 412 and the ETag, and a request that outlives
 * the page (keepalive). apiFetch adds the CSRF token as to every mutation and refreshes a stale one once
 * (not on keepalive: the page is going). Answers the response and its parsed body, or undefined when no
 * answer came.
 */
async function sendPatch(
  request: ConditionalPatch,
  prefer?: 'return=minimal',
): Promise<{ response: Response; body: unknown } | undefined> {
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/json' });
  if (request.etag) headers.set('If-Match', request.etag);
  if (prefer) headers.set('Prefer', prefer);
  headers.set(requestIdHeader, request.requestId);
  try {
    const response = await apiFetch(`/book/${request.target}/${encodeURIComponent(request.bookId)}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify(request.body),
      keepalive: request.keepalive ?? false,
    });
    return { response, body: await json(response) };
  } catch {
    return undefined;
  }
}

function refusalOf(
  answer: { response: Response; body: unknown } | undefined,
): Exclude<SaveOutcome, { kind: 'saved' }> | undefined {
  if (!answer) return { kind: 'offline' };
  if (answer.response.status === 412) return { kind: 'conflict' };
  if (!answer.response.ok) return { kind: 'failed', status: answer.response.status, msg: serverMessageOf(answer.body) };
  return undefined;
}

/** A conditional save answered with the whole book. */
export async function patchIfMatch(request: ConditionalPatch): Promise<SaveOutcome> {
  const answer = await sendPatch(request);
  const refused = refusalOf(answer);
  if (refused || !answer) return refused ?? { kind: 'offline' };
  return { kind: 'saved', book: answer.body as VersionedBook, etag: etagOf(answer.response, answer.body) };
}

/**
 * A conditional save answered with its new version only (RFC 7240): nothing of the manuscript comes back.
 * A server that did not apply the preference answers the book, whose etag and updatedAt are read the same.
 */
export async function patchIfMatchMinimal(request: ConditionalPatch): Promise<MinimalSaveOutcome> {
  const answer = await sendPatch(request, 'return=minimal');
  const refused = refusalOf(answer);
  if (refused || !answer) return refused ?? { kind: 'offline' };
  const parsed = SavedContentSchema.safeParse(answer.body);
  if (!parsed.success) return { kind: 'failed', status: answer.response.status, msg: 'Unexpected answer' };
  return { kind: 'saved', saved: { ...parsed.data, etag: etagOf(answer.response, answer.body) ?? parsed.data.etag } };
}

/** GET /book/{id} as the server holds it now (never the cache): the other side of a conflict. */
export async function fetchCurrentBook(bookId: string): Promise<{ book: VersionedBook; etag: string | undefined }> {
  const response = await apiFetch(`/book/${encodeURIComponent(bookId)}`, { headers: { Accept: 'application/json' } });
  const body = await json(response);
  if (!response.ok) throw new Error(`GET /book/${bookId} answered ${response.status}`);
  return { book: body as VersionedBook, etag: etagOf(response, body) };
}

/** Whether a body fits a keepalive request. */
export const fitsKeepalive = (body: unknown) =>
  new TextEncoder().encode(JSON.stringify(body)).length < keepaliveLimitBytes;
