import type { HttpClient } from './test-system';

export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: Record<string, unknown>;
}

/**
 * Reads GET /api/v1/events with the client's cookies (or, with `bearer`, an API token and no cookie) and
 * collects the parsed events.
 */
export async function openEventStream(baseUrl: string, client: HttpClient, options: { bearer?: string } = {}) {
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await fetch(new URL('/api/v1/events', baseUrl), {
    headers: options.bearer
      ? { authorization: `Bearer ${options.bearer}`, accept: 'text/event-stream' }
      : { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`event stream answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let sawReady!: () => void;
  const ready = new Promise<void>((resolve) => (sawReady = resolve));
  let sawEnd!: () => void;
  /** Settles when the server ends the stream (or the test closes it). */
  const ended = new Promise<void>((resolve) => (sawEnd = resolve));
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return sawEnd();
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            frame
              .split('\n')
              .filter((l) => !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (fields.event === 'ready') sawReady();
          else if (fields.event)
            events.push({
              event: fields.event,
              id: fields.id,
              data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
            });
        }
      }
    } catch {
      sawEnd(); // aborted
    }
  })();
  await ready;
  return {
    events,
    headers: response.headers,
    ended,
    close: () => controller.abort(),
    async waitFor(predicate: (events: StreamEvent[]) => boolean, timeoutMs = 60_000): Promise<StreamEvent[]> {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(events)) {
        if (Date.now() > deadline)
          throw new Error(`stream never matched; got ${events.map((e) => e.event).join(', ')}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return events;
    },
  };
}
