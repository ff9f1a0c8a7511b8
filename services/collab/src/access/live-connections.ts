import type { Connection } from '@hocuspocus/server';
import type { CollabCloseReason } from '@bookwright/contracts/http';
import { closeWith } from './close-reasons';
import type { LiveContext } from './live-context';

interface Entry {
  context: LiveContext;
  refresh: NodeJS.Timeout | undefined;
  expiry: NodeJS.Timeout | undefined;
}

/** How long a removal is remembered: longer than any connection takes from its access check to registering. */
const revocationMemoryMs = 60_000;

/**
 * The open connections of this replica, by person and book, each with its token's expiry. Before a token
 * runs out the server asks the browser for a fresh one (Hocuspocus's token sync: the provider answers on
 * the open socket, no reconnect); a connection still on an expired token when it runs out is closed.
 * Removals, role changes and a book's trash close the matching connections at once.
 */
export class LiveConnections {
  readonly #entries = new Map<Connection, Entry>();
  /** `userId\nbookId` (or `userId\n*`) → when access was taken away. */
  readonly #revoked = new Map<string, number>();

  constructor(
    private readonly options: {
      now: () => number;
      /** How long before expiry the server asks for a fresh token. */
      refreshLeadMs: number;
    },
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Registers an authenticated connection, unless the person lost access to the book after it was checked
   * (a removal heard while the connection was being set up): then it is closed at once.
   */
  add(connection: Connection, context: LiveContext): void {
    const revokedAt = Math.max(
      this.#revoked.get(key(context.userId, context.bookId)) ?? 0,
      this.#revoked.get(key(context.userId, '*')) ?? 0,
    );
    if (revokedAt >= context.checkedAt) {
      connection.close(closeWith('access-removed'));
      return;
    }
    const entry: Entry = { context, refresh: undefined, expiry: undefined };
    this.#entries.set(connection, entry);
    connection.onClose(() => this.#forget(connection));
    this.#schedule(connection, entry);
  }

  /** A fresh token arrived on the socket: the connection lives until its expiry. */
  extend(connection: Connection, context: LiveContext): void {
    const entry = this.#entries.get(connection);
    if (!entry) return;
    entry.context = context;
    this.#schedule(connection, entry);
  }

  contextOf(connection: Connection): LiveContext | undefined {
    return this.#entries.get(connection)?.context;
  }

  /** Every open connection with what is known of it. */
  all(): Array<[Connection, LiveContext]> {
    return [...this.#entries].map(([connection, entry]) => [connection, entry.context]);
  }

  /** Closes one connection with `reason`. */
  close(connection: Connection, reason: CollabCloseReason): void {
    connection.close(closeWith(reason));
  }

  /** Closes the connections `matches` picks, with `reason`; answers how many. */
  closeWhere(matches: (context: LiveContext) => boolean, reason: CollabCloseReason): number {
    const closing = this.all().filter(([, context]) => matches(context));
    for (const [connection] of closing) connection.close(closeWith(reason));
    return closing.length;
  }

  /**
   * The person no longer has access to the book (or, with no book, to some books: the caller closes those
   * it finds refused): remembered for a minute, so that a connection being set up meanwhile is closed too.
   */
  revoke(userId: string, bookId: string | undefined, at: number): void {
    for (const [entryKey, time] of this.#revoked) if (time < at - revocationMemoryMs) this.#revoked.delete(entryKey);
    this.#revoked.set(key(userId, bookId ?? '*'), at);
  }

  /** Stops the timers (the connections themselves are closed by the server's stop). */
  clear(): void {
    for (const entry of this.#entries.values()) clearTimers(entry);
    this.#entries.clear();
  }

  #schedule(connection: Connection, entry: Entry): void {
    clearTimers(entry);
    const left = entry.context.expiresAt - this.options.now();
    const lead = Math.min(this.options.refreshLeadMs, Math.max(0, left / 2));
    entry.refresh = setTimeout(() => connection.requestToken(), Math.max(0, left - lead));
    entry.expiry = setTimeout(
      () => {
        if (entry.context.expiresAt <= this.options.now()) connection.close(closeWith('token-expired'));
        else this.#schedule(connection, entry);
      },
      Math.max(0, left),
    );
    entry.refresh.unref();
    entry.expiry.unref();
  }

  #forget(connection: Connection): void {
    const entry = this.#entries.get(connection);
    if (entry) clearTimers(entry);
    this.#entries.delete(connection);
  }
}

const key = (userId: string, bookId: string) => `${userId}\n${bookId}`;

function clearTimers(entry: Entry): void {
  clearTimeout(entry.refresh);
  clearTimeout(entry.expiry);
}
