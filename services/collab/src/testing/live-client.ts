import { createRequire } from 'node:module';
import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';
import { collabDocumentName, parseCollabSaveState, type CollabSaveState } from '@bookwright/contracts/http';
import { manuscriptFragmentName } from '@bookwright/manuscript';

/** ws's WebSocket, for providers in Node 20 (no global WebSocket); ws ships no types, and none are needed. */
export const NodeWebSocket = createRequire(import.meta.url)('ws') as new (url: string) => RawSocket;

/** The little of a raw ws client the hostile tests use. */
export interface RawSocket {
  readyState: number;
  send(data: Uint8Array | string): void;
  close(): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'close', listener: (code: number, reason: Buffer) => void): void;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
}

/** A person's browser tab on a live book, as the web app opens it: a HocuspocusProvider over a real WebSocket. */
export interface LiveClient {
  provider: HocuspocusProvider;
  doc: Y.Doc;
  /** The reasons of the server's closes of this book's connection, in order. */
  closes: string[];
  /** The codes of the WebSocket's closes (1009: a message too large; 1012: the server stopping). */
  socketCloseCodes: number[];
  /** Refusals when authenticating (`authenticationFailed`). */
  refusals: string[];
  /** The save states the server told this connection, in order. */
  saveStates: CollabSaveState[];
  /** The manuscript as this client holds it (XML of the fragment: equal on clients that converged). */
  text(): string;
  /** Types `text` at `offset` of the `index`th block (the heading is 0) of the manuscript. */
  type(index: number, offset: number, text: string): void;
  /** Sends raw bytes on this client's socket, as a hostile or broken client would. */
  sendRaw(message: Uint8Array): void;
  destroy(): void;
}

export function liveClient(
  url: string,
  bookId: string,
  token: string | (() => Promise<string>),
  options: { doc?: Y.Doc } = {},
): LiveClient {
  const doc = options.doc ?? new Y.Doc();
  const closes: string[] = [];
  const socketCloseCodes: number[] = [];
  const refusals: string[] = [];
  const saveStates: CollabSaveState[] = [];
  const socket = new HocuspocusProviderWebsocket({ url, WebSocketPolyfill: NodeWebSocket });
  const provider = new HocuspocusProvider({
    websocketProvider: socket,
    name: collabDocumentName(bookId),
    token: typeof token === 'string' ? () => token : token,
    document: doc,
    onClose: ({ event }) => {
      // A close of this book's connection arrives as a message with code 1000; the socket's own, with its code.
      if (event.code === 1000 && event.reason) closes.push(event.reason);
      else socketCloseCodes.push(event.code);
    },
    onAuthenticationFailed: ({ reason }) => refusals.push(reason),
    onStateless: ({ payload }) => {
      const state = parseCollabSaveState(payload);
      if (state) saveStates.push(state);
    },
  });
  // A socket of its own, as the web app's provider has: attached by hand when it is passed in.
  provider.attach();
  const fragment = doc.getXmlFragment(manuscriptFragmentName);
  return {
    provider,
    doc,
    closes,
    socketCloseCodes,
    refusals,
    saveStates,
    text: () => fragment.toString(),
    type(index, offset, text) {
      const paragraphs = fragment.toArray().filter((node): node is Y.XmlElement => node instanceof Y.XmlElement);
      const paragraph = paragraphs[index];
      const first = paragraph?.get(0);
      if (!(first instanceof Y.XmlText)) throw new Error(`no text in block ${index}`);
      first.insert(offset, text);
    },
    sendRaw(message) {
      if (!socket.webSocket) throw new Error('not connected');
      socket.webSocket.send(message);
    },
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Waits until `condition` holds (checked every 20 ms); fails after 20 s naming `what`. Not a timing assertion. */
export async function until(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
