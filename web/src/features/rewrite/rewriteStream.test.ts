import { apiMessages, rewriteMessages, type RewriteRequest } from '@bookwright/contracts/http';
import { describe, expect, it, vi } from 'vitest';
import { resetAfterEach } from '../../test/utils';
import { RewriteError, streamRewrite } from './rewriteStream';

resetAfterEach();

const request: RewriteRequest = { text: 'It was a dark night.', instruction: 'Shorter' };

/** An SSE answer whose text arrives in the given pieces (a block may be cut anywhere). */
function eventStream(...pieces: string[]): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** fetch answering each call with the next of `answers`; the calls are recorded. */
function stubFetch(...answers: (() => Response)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({ url: String(input), init: init ?? {} });
      const answer = answers.shift();
      return answer ? Promise.resolve(answer()) : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  return calls;
}

describe('the rewrite stream', () => {
  it('reads the deltas as they come, cut anywhere, and resolves with the done text', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const calls = stubFetch(() =>
      eventStream(
        'event: delta\ndata: {"text":"A dark"}\n\nevent: del',
        'ta\ndata: {"text":" night."}\n\n',
        'event: done\ndata: {"text":"A dark night."}\n\n',
      ),
    );
    const seen: string[] = [];
    const signal = new AbortController().signal;
    expect(await streamRewrite('b 1', request, (text) => seen.push(text), signal)).toBe('A dark night.');
    expect(seen).toEqual(['A dark', 'A dark night.']);
    expect(calls[0]?.url).toBe('/api/v1/book/b%201/rewrite');
    expect(new Headers(calls[0]?.init.headers).get('X-XSRF-TOKEN')).toBe('abc');
    expect(calls[0]?.init.signal).toBe(signal);
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('fails with the server’s words: a refusal, an error event, or a stream that ends without done', async () => {
    document.cookie = 'XSRF-TOKEN=abc; path=/';
    const signal = new AbortController().signal;
    stubFetch(
      () => json(429, { msg: 'Too many rewrites' }),
      () => eventStream('event: error\ndata: {"msg":"The model is busy"}\n\n'),
      () => eventStream('event: delta\ndata: {"text":"A"}\n\n'),
    );
    for (const msg of ['Too many rewrites', 'The model is busy', rewriteMessages.failed]) {
      const failure = streamRewrite('b', request, () => {}, signal);
      await expect(failure).rejects.toBeInstanceOf(RewriteError);
      await expect(failure).rejects.toThrow(msg);
    }
  });

  it('is sent again once with a fresh token when the gateway rotated it', async () => {
    document.cookie = 'XSRF-TOKEN=stale; path=/';
    const calls = stubFetch(
      () => json(403, { msg: apiMessages.csrf }),
      () => {
        document.cookie = 'XSRF-TOKEN=rotated; path=/';
        return new Response(null, { status: 200 });
      },
      () => eventStream('event: done\ndata: {"text":"B"}\n\n'),
    );
    expect(await streamRewrite('b', request, () => {}, new AbortController().signal)).toBe('B');
    expect(calls.map((c) => c.url)).toEqual(['/api/v1/book/b/rewrite', '/api/v1/health', '/api/v1/book/b/rewrite']);
    expect(new Headers(calls[2]?.init.headers).get('X-XSRF-TOKEN')).toBe('rotated');
  });
});
