import type { ServerResponse } from 'node:http';
import { events, type LiveBookMove, type LiveBookUpdate } from '@bookwright/contracts';
import { on, type Bus, type EventHandler, type EventMeta, type Logger, type Subscription } from '@bookwright/kit';

const heartbeatMs = 25_000;

/**
 * Fans book events out to the signed-in users' open Server-Sent-Events streams. Every gateway replica
 * tails the events itself (no shared consumer), so a browser sees its updates whichever replica it hit;
 * each user only ever receives events about their own books.
 */
export class BookEventsHub {
  private readonly streams = new Map<string, Set<ServerResponse>>();
  private subscription: Subscription | undefined;
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(
    private readonly bus: Bus,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    const forward =
      <T extends { userId: string; bookId: string }>(toUpdate: (data: T) => LiveBookUpdate | LiveBookMove) =>
      (data: T, meta: EventMeta) => {
        this.send(data.userId, meta, toUpdate(data));
        return Promise.resolve();
      };
    const handlers: EventHandler[] = [
      on(
        events.bookCreated,
        forward((d) => ({ bookId: d.bookId, status: 'planning' })),
      ),
      on(
        events.bookPlanned,
        forward((d) => ({ bookId: d.bookId, status: 'validation' })),
      ),
      on(
        events.bookConfirmed,
        forward((d) => ({ bookId: d.bookId, status: 'writing' })),
      ),
      on(
        events.bookChapterWritten,
        forward((d) => ({
          bookId: d.bookId,
          status: 'writing',
          chaptersWritten: d.chaptersWritten,
          chaptersTotal: d.chaptersTotal,
        })),
      ),
      on(
        events.bookTranslationRequested,
        forward((d) => ({ bookId: d.bookId, status: 'translating' })),
      ),
      on(
        events.bookChapterTranslated,
        forward((d) => ({
          bookId: d.bookId,
          status: 'translating',
          chaptersWritten: d.chaptersWritten,
          chaptersTotal: d.chaptersTotal,
        })),
      ),
      on(
        events.bookReady,
        forward((d) => ({ bookId: d.bookId, status: 'ready' })),
      ),
      on(
        events.bookFailed,
        forward((d) => ({ bookId: d.bookId, status: 'failed', reason: d.reason })),
      ),
      on(
        events.bookUpdated,
        forward((d) => ({ bookId: d.bookId, status: d.status, fields: d.fields })),
      ),
      // The library of another tab drops a trashed book, and shows a restored one, without its refresh.
      on(
        events.bookTrashed,
        forward((d) => ({ bookId: d.bookId, movedTo: 'trash' })),
      ),
      on(
        events.bookRestored,
        forward((d) => ({ bookId: d.bookId, movedTo: 'library' })),
      ),
      on(
        events.bookDeleted,
        forward((d) => ({ bookId: d.bookId, movedTo: 'gone' })),
      ),
    ];
    this.subscription = await this.bus.tail(handlers);
    // Comments keep proxies from closing an idle stream.
    this.heartbeat = setInterval(() => {
      for (const set of this.streams.values()) for (const res of set) res.write(': keep-alive\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /** Registers an open stream; the returned function unregisters it. */
  add(userId: string, res: ServerResponse): () => void {
    let set = this.streams.get(userId);
    if (!set) this.streams.set(userId, (set = new Set()));
    set.add(res);
    return () => {
      set.delete(res);
      if (set.size === 0) this.streams.delete(userId);
    };
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  private send(userId: string, meta: EventMeta, update: LiveBookUpdate | LiveBookMove): void {
    const set = this.streams.get(userId);
    if (!set) return;
    const frame = `id: ${meta.id}\nevent: ${meta.name}\ndata: ${JSON.stringify(update)}\n\n`;
    for (const res of set) res.write(frame);
  }

  async stop(): Promise<void> {
    clearInterval(this.heartbeat);
    await this.subscription?.stop();
    for (const set of this.streams.values()) for (const res of set) res.end();
    this.streams.clear();
    this.logger.debug('live book events stopped');
  }
}
