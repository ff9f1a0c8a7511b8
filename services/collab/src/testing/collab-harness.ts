import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BookRole, TiptapDocument } from '@bookwright/contracts/http';
import { collabPath, collabTokenTtlMs } from '@bookwright/contracts/http';
import { signClaims, silentLogger, type Logger } from '@bookwright/kit';
import { bookManuscriptCodec } from '../documents/book-manuscript-codec';
import { createCollabServer, type CollabServer, type CollabServerOptions } from '../server/collab-server';
import { FakeBookStore } from './fake-book-store';
import { liveClient, type LiveClient } from './live-client';

export const testTokenSecret = 'collab-test-secret-collab-test-secret';

/** A book of `paragraphs`, one chapter heading first. */
export function bookOf(...paragraphs: string[]): TiptapDocument {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { textAlign: null, level: 1 }, content: [{ type: 'text', text: 'Chapter 1' }] },
      ...paragraphs.map((text) => ({
        type: 'paragraph',
        attrs: { textAlign: null },
        content: [{ type: 'text', text }],
      })),
    ],
  };
}

/** The text of a stored manuscript, block by block. */
export const blockTexts = (document: TiptapDocument): string[] =>
  (document.content ?? []).map((node) => (node.content ?? []).map((child) => child.text ?? '').join(''));

/**
 * One collab server on an HTTP server of its own (as the gateway hands it upgrades), with an in-memory
 * book service, and the means to sign tokens and open clients on it.
 */
export class CollabHarness {
  readonly store: FakeBookStore;
  readonly collab: CollabServer;
  readonly #http: Server;
  readonly #clients: LiveClient[] = [];
  url = '';

  constructor(options: Partial<CollabServerOptions> & { store?: FakeBookStore; logger?: Logger } = {}) {
    this.store = options.store ?? new FakeBookStore();
    this.collab = createCollabServer({
      tokenSecret: testTokenSecret,
      access: this.store,
      store: this.store,
      codec: bookManuscriptCodec(),
      logger: options.logger ?? silentLogger(),
      maxMessageBytes: 1024 * 1024,
      retryFirstMs: 20,
      retryMaxMs: 200,
      ...options,
    });
    this.#http = createServer((_request, response) => response.writeHead(404).end());
    this.#http.on('upgrade', (request, socket, head) => this.collab.handleUpgrade(request, socket, head));
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.#http.listen(0, '127.0.0.1', resolve));
    this.url = `ws://127.0.0.1:${(this.#http.address() as AddressInfo).port}${collabPath}`;
    return this;
  }

  token(userId: string, bookId: string, options: { role?: BookRole; ttlMs?: number; secret?: string } = {}): string {
    const exp = Date.now() + (options.ttlMs ?? collabTokenTtlMs);
    return signClaims(options.secret ?? testTokenSecret, { userId, bookId, role: options.role ?? 'owner', exp });
  }

  client(userId: string, bookId: string, token?: string | (() => Promise<string>)): LiveClient {
    const client = liveClient(this.url, bookId, token ?? this.token(userId, bookId));
    this.#clients.push(client);
    return client;
  }

  async stop(): Promise<void> {
    for (const client of this.#clients) client.destroy();
    await this.collab.stop();
    this.#http.closeAllConnections();
    await new Promise<void>((resolve) => this.#http.close(() => resolve()));
  }
}
