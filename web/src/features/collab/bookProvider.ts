import {
  HocuspocusProvider,
  HocuspocusProviderWebsocket,
  WebSocketStatus,
  type HocuspocusProviderConfiguration,
} from '@hocuspocus/provider';
import type * as Y from 'yjs';

/** The socket's address: a path on the page's own host (ws: or wss: as the page), or a full ws(s):// URL. */
export function socketUrl(url: string, location: { protocol: string; host: string }): string {
  if (/^wss?:\/\//i.test(url)) return url;
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${url.startsWith('/') ? url : `/${url}`}`;
}

export type BookProviderEvents = Partial<
  Pick<
    HocuspocusProviderConfiguration,
    | 'onSynced'
    | 'onStatus'
    | 'onClose'
    | 'onAuthenticated'
    | 'onAuthenticationFailed'
    | 'onStateless'
    | 'onUnsyncedChanges'
    | 'onAwarenessChange'
  >
>;

export interface BookProviderOptions {
  /** ws(s)://… */
  url: string;
  /** 'book:<id>' */
  name: string;
  document: Y.Doc;
  /** Asked on every (re)connection and by `sendToken()`: the token to authenticate with. */
  token: () => Promise<string>;
  /** Node has no WebSocket of its own (tests pass `ws`). */
  WebSocketPolyfill?: unknown;
  events?: BookProviderEvents;
}

export interface BookConnection {
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Joins the document again on the open socket after the server closed it (a fresh token, a new handshake). */
  rejoin(): void;
  /** Tries to open the socket now instead of at the next pause's end. */
  connectNow(): void;
  destroy(): void;
}

/**
 * The connection of one book's document to the collab service: Hocuspocus over a socket of its own,
 * reconnecting with growing pauses (at most 30 s apart) for as long as the page stays open.
 */
export function createBookProvider({
  url,
  name,
  document,
  token,
  WebSocketPolyfill,
  events,
}: BookProviderOptions): BookConnection {
  const socket = new HocuspocusProviderWebsocket({
    url,
    ...(WebSocketPolyfill ? { WebSocketPolyfill } : {}),
    delay: 1_000,
    factor: 2,
    maxDelay: 30_000,
    maxAttempts: 0,
  });
  const provider = new HocuspocusProvider({ websocketProvider: socket, name, document, token, ...events });
  provider.attach();
  return {
    provider,
    socket,
    rejoin() {
      // Closed by the server, the document's handshake is undone, not the socket's (a socket that is down
      // joins again by itself when it opens).
      if (socket.status !== WebSocketStatus.Connected || provider.isAuthenticated) return;
      void provider.sendToken().then(() => provider.startSync());
    },
    connectNow() {
      void socket.connect();
    },
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}
