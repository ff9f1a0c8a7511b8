import type { components } from '../generated/openapi';
import { BookwrightError } from '../client/bookwright-error';
import type { Transport } from '../client/transport';

/**
 * What the gateway's event stream sends about a book (services/gateway/src/live/book-events-hub.ts): a status
 * with, while writing or translating, the chapters done; or a move between library, trash and gone. The
 * stream's payloads are not part of the OpenAPI document (it describes the stream as text), so this is the
 * one shape the SDK declares itself; the statuses are the document's.
 */
export interface BookEventData {
  bookId: string;
  status?: components['schemas']['Book']['status'];
  chaptersWritten?: number;
  chaptersTotal?: number;
  /** book.failed: why. */
  reason?: string;
  movedTo?: 'trash' | 'library' | 'gone';
  [field: string]: unknown;
}

export interface BookEvent {
  /** The bus event's name: book.created, book.planned, book.chapter-written, book.ready, book.failed, … */
  event: string;
  id: string | undefined;
  data: BookEventData;
}

interface Frame {
  event: string;
  id: string | undefined;
  data: string;
}

/** One Server-Sent Events frame (text between blank lines), per the HTML standard's field rules. */
export function parseFrame(text: string): Frame | undefined {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0 && event === 'message') return undefined;
  return { event, id, data: data.join('\n') };
}

/**
 * An open GET /api/v1/events. Iterate it for the events; the iteration ends when the server ends the stream
 * (a restart, a removed share) or `close()` is called. Events sent while no stream is open are not replayed:
 * after opening a new one, read the book once (the web app does the same).
 */
export class BookEventStream implements AsyncIterable<BookEvent> {
  private buffer = '';
  private readonly controller: AbortController;

  private constructor(
    private readonly reader: ReadableStreamDefaultReader<string>,
    controller: AbortController,
  ) {
    this.controller = controller;
  }

  static async open(transport: Transport, baseUrl: string, signal?: AbortSignal): Promise<BookEventStream> {
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    const response = await transport(
      new Request(`${baseUrl}/api/v1/events`, {
        headers: { accept: 'text/event-stream' },
        signal: controller.signal,
      }),
    );
    if (!response.ok || !response.body) {
      const text = await response.text().catch(() => '');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      throw BookwrightError.fromResponse(response, body);
    }
    const stream = new BookEventStream(response.body.pipeThrough(new TextDecoderStream()).getReader(), controller);
    // The gateway writes `ready` once the stream is registered: from then on nothing about our books is missed.
    for (;;) {
      const frame = await stream.nextFrame();
      if (!frame) throw new BookwrightError(0, 'The event stream ended before it was ready');
      if (frame.event === 'ready') return stream;
    }
  }

  private async nextFrame(): Promise<Frame | undefined> {
    for (;;) {
      const end = /\r\n\r\n|\n\n|\r\r/.exec(this.buffer);
      if (end) {
        const text = this.buffer.slice(0, end.index);
        this.buffer = this.buffer.slice(end.index + end[0].length);
        const frame = parseFrame(text);
        if (frame) return frame;
        continue;
      }
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await this.reader.read();
      } catch {
        return undefined; // closed or aborted
      }
      if (chunk.done) return undefined;
      this.buffer += chunk.value;
    }
  }

  async *[Symbol.asyncIterator](): AsyncIterator<BookEvent> {
    for (;;) {
      const frame = await this.nextFrame();
      if (!frame) return;
      let data: unknown;
      try {
        data = JSON.parse(frame.data);
      } catch {
        continue; // not an event of ours
      }
      if (typeof data === 'object' && data !== null && typeof (data as BookEventData).bookId === 'string')
        yield { event: frame.event, id: frame.id, data: data as BookEventData };
    }
  }

  close(): void {
    this.controller.abort();
  }
}
