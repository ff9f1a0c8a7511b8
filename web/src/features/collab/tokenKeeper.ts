import { isApiError } from '../../api/baseQuery';
import type { CollabToken } from './collabContract';

/** A token is renewed this long before it expires (the server checks it again then, decision 0043). */
export const refreshLeadMs = 60_000;
/** Never sooner than this after the last renewal: a token with a wrong clock must not loop. */
export const minRefreshDelayMs = 5_000;
/** A failed renewal is tried again after this long, doubling, while the token still holds. */
export const retryDelayMs = 5_000;

/**
 * When to renew a token that expires at `expiresAt`, from `now`: a minute before it expires, or halfway
 * through a shorter life, and never sooner than `minRefreshDelayMs`.
 */
export function refreshDelay(expiresAt: string, now: number): number {
  const left = Date.parse(expiresAt) - now;
  if (!Number.isFinite(left)) return minRefreshDelayMs;
  const delay = left > 2 * refreshLeadMs ? left - refreshLeadMs : left / 2;
  return Math.max(minRefreshDelayMs, Math.floor(delay));
}

/** A refusal of the token (the person is no longer on the book, or it is gone): retrying cannot help. */
export const isAccessRefusal = (error: unknown) =>
  isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404);

export interface TokenKeeperDeps {
  /** POST /book/{id}/collab-token; rejects with an ApiError. */
  fetchToken: () => Promise<CollabToken>;
  now?: () => number;
  /** A new token is held: send it on the open socket (no reconnect). The one place a refresh lands. */
  refreshToken: (token: CollabToken) => void;
  /** The token was refused: the person's access to the book is gone or changed. */
  accessRefused: (error: unknown) => void;
}

/**
 * The collab token of one open book: the one the socket opens with, renewed before it expires and handed to
 * the provider, fetched again when the server closed the connection. One fetch at a time.
 */
export class TokenKeeper {
  private held: CollabToken | undefined;
  private inFlight: Promise<CollabToken> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private failures = 0;

  constructor(private readonly deps: TokenKeeperDeps) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** The token the latest answer gave, if any. */
  get token(): CollabToken | undefined {
    return this.held;
  }

  /** The provider's token: the one held while it has more than the lead left, else a fresh one. */
  async current(): Promise<string> {
    const held = this.held;
    if (held && Date.parse(held.expiresAt) - this.now() > refreshLeadMs) return held.token;
    return (await this.fetch()).token;
  }

  /** Forget the token (the server closed the connection): the next `current()` asks for a new one. */
  invalidate(): void {
    this.held = undefined;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fetch(): Promise<CollabToken> {
    this.inFlight ??= this.deps
      .fetchToken()
      .then(
        (token) => {
          this.held = token;
          this.failures = 0;
          this.schedule(refreshDelay(token.expiresAt, this.now()));
          return token;
        },
        (error: unknown) => {
          if (isAccessRefusal(error)) {
            this.held = undefined;
            this.stop();
            this.deps.accessRefused(error);
          }
          throw error;
        },
      )
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private schedule(delay: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.renew(), delay);
  }

  /** The timer's renewal: a new token for the open socket, or another try while the old one holds. */
  private async renew() {
    this.timer = undefined;
    if (this.stopped) return;
    try {
      const token = await this.fetch();
      if (!this.stopped) this.deps.refreshToken(token);
    } catch (error) {
      if (this.stopped || isAccessRefusal(error)) return;
      this.failures += 1;
      // Try again, backing off; while the old token holds, before it expires when there is time for that.
      const backoff = retryDelayMs * 2 ** Math.min(this.failures - 1, 4);
      const left = this.held ? Date.parse(this.held.expiresAt) - this.now() : 0;
      const beforeExpiry = left > 2 * minRefreshDelayMs ? left - minRefreshDelayMs : backoff;
      this.schedule(Math.max(minRefreshDelayMs, Math.min(backoff, beforeExpiry)));
    }
  }
}
