import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Server, type Extension, type Hocuspocus } from '@hocuspocus/server';
import type { Logger } from '@bookwright/kit';
import { authentication } from '../access/authenticate';
import type { BookAccess } from '../access/book-access';
import { LiveConnections } from '../access/live-connections';
import { messageGuard } from '../access/message-guard';
import type { ManuscriptCodec } from '../documents/manuscript-codec';
import { startUnloadSweep } from '../documents/unload-sweep';
import { OutsideWrites } from '../outside-writes/outside-writes';
import { soleReplicaClaims } from '../outside-writes/outside-write-claims';
import { HeldStates } from '../documents/held-states';
import { BookPersistence } from '../persistence/book-persistence';
import type { CollabStore } from '../persistence/collab-store';
import { SaveStates } from '../persistence/save-states';
import type { Replicas } from './redis-replicas';

/** A WebSocket upgrade of `/collab`, handed over by whoever owns the HTTP server (the gateway, embedded). */
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export interface CollabServerOptions {
  tokenSecret: string;
  access: BookAccess;
  store: CollabStore;
  codec: ManuscriptCodec;
  logger: Logger;
  /** A WebSocket message larger than this closes its connection (1009) before anything reads it. */
  maxMessageBytes: number;
  /** Set: the replicas meet through these (distributed, `redisReplicas`); unset: one replica on its own. */
  replicas?: Replicas;
  now?: () => number;
  /** Save timing (decision 0043: at most every 2 s while edits arrive). Tests shorten the back-off only. */
  retryFirstMs?: number;
  retryMaxMs?: number;
  /** How often the unload safety net runs. */
  sweepMs?: number;
  /** How long before a token's expiry the server asks the browser for a fresh one. */
  refreshLeadMs?: number;
  /** How long a stop may spend saving what is pending (the orchestrator's grace period is 30 s). */
  stopSaveMs?: number;
}

export interface CollabServer {
  hocuspocus: Hocuspocus;
  connections: LiveConnections;
  persistence: BookPersistence;
  /** Brings writes from outside a live session into the documents open on this replica. */
  outsideWrites: OutsideWrites;
  /** Takes a WebSocket upgrade from an HTTP server this service does not own (embedded: the gateway's). */
  handleUpgrade: UpgradeHandler;
  /** Listens for WebSockets on a port of its own (a collab process run alone); answers the port. */
  listen(port: number, host: string): Promise<number>;
  /** Closes every socket (browsers reconnect, to another replica), saves what is pending, then lets go. */
  stop(): Promise<void>;
}

/**
 * The live documents of shared books: a Hocuspocus server with Bookwright's access, guard, persistence
 * and (distributed) Redis extensions. The same code serves on the gateway's port (embedded) and on its
 * own port (a collab replica).
 */
export function createCollabServer(options: CollabServerOptions): CollabServer {
  const now = options.now ?? Date.now;
  const connections = new LiveConnections({ now, refreshLeadMs: options.refreshLeadMs ?? 30_000 });
  const saveStates = new SaveStates();
  // A reload, or a person back from the library within the minute, opens from what is still here.
  const heldStates = new HeldStates({ keepMs: 60_000, maxBytes: 32 * 1024 * 1024 });
  const persistence = new BookPersistence({
    store: options.store,
    codec: options.codec,
    saveStates,
    heldStates,
    logger: options.logger,
    retryFirstMs: options.retryFirstMs ?? 1_000,
    retryMaxMs: options.retryMaxMs ?? 30_000,
  });
  const extensions: Extension[] = [
    messageGuard(options.codec, options.logger),
    authentication({
      tokenSecret: options.tokenSecret,
      access: options.access,
      connections,
      logger: options.logger,
      now,
      onConnected: (connection, documentName) => saveStates.tell(connection, documentName),
    }),
    persistence,
  ];
  if (options.replicas) extensions.push(options.replicas.extension);

  const server = hocuspocusServer(extensions, options.maxMessageBytes);
  const hocuspocus = server.hocuspocus;
  const stopSweep = startUnloadSweep(hocuspocus, {
    everyMs: options.sweepMs ?? 30_000,
    hasUnsaved: (name) => persistence.hasUnsaved(name),
  });
  const claims = options.replicas?.claims ?? soleReplicaClaims();
  const outsideWrites = new OutsideWrites({ hocuspocus, persistence, claims, logger: options.logger });
  let stopping = false;

  return {
    hocuspocus,
    connections,
    persistence,
    outsideWrites,
    handleUpgrade(request, socket, head) {
      if (stopping) return void socket.destroy();
      server.webSocketServer.handleUpgrade(request, socket, head, (ws: unknown) =>
        server.webSocketServer.emit('connection', ws, request),
      );
    },
    async listen(port, host) {
      server.configuration.port = port;
      server.configuration.address = host;
      await server.listen();
      return server.address.port;
    },
    async stop() {
      if (stopping) return;
      stopping = true;
      stopSweep();
      connections.clear();
      if (server.httpServer.listening) server.httpServer.close();
      // 1012 "service restart": the providers reconnect by themselves, through the gateway or the
      // Ingress, to a replica still running.
      for (const client of server.webSocketServer.clients as Set<{ close(code: number, reason: string): void }>)
        client.close(1012, 'unavailable');
      const unsaved = await persistence.flush(Date.now() + (options.stopSaveMs ?? 20_000));
      if (unsaved.length > 0)
        options.logger.error(
          { bookIds: unsaved },
          'collab: stopped with live edits not saved (the book service was away)',
        );
      persistence.clear();
      heldStates.clear();
      await claims.stop();
      await hocuspocus.hooks('onDestroy', { instance: hocuspocus });
    },
  };
}

/** Hocuspocus with Bookwright's extensions and save cadence; its WebSockets refuse larger messages (1009). */
function hocuspocusServer(extensions: Extension[], maxMessageBytes: number): Server {
  return new Server(
    {
      name: 'bookwright-collab',
      quiet: true,
      stopOnSignals: false,
      // Decision 0043: the stored chapters trail the live document by at most 2 s while edits arrive.
      debounce: 2_000,
      maxDebounce: 2_000,
      unloadImmediately: true,
      extensions,
    },
    { maxPayload: maxMessageBytes },
  );
}
