import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { defineService, on, serveHealth, type RunningService, type ServiceContext } from '@bookwright/kit';
import { busBookAccess } from './access/book-access';
import { CollabConfigSchema, collabListenHost, type CollabConfig } from './config';
import { bookManuscriptCodec } from './documents/book-manuscript-codec';
import type { CollabHandlerDeps } from './handlers/deps';
import { onBookDeleted } from './handlers/on-book-deleted';
import { onBookMemberRemoved } from './handlers/on-book-member-removed';
import { onBookMemberRoleChanged } from './handlers/on-book-member-role-changed';
import { onBookReady } from './handlers/on-book-ready';
import { onBookUpdated } from './handlers/on-book-updated';
import { onBookTrashed } from './handlers/on-book-trashed';
import { onWorkspaceMemberRemoved } from './handlers/on-workspace-member-removed';
import { busCollabStore } from './persistence/collab-store';
import { createCollabServer, type UpgradeHandler } from './server/collab-server';
import { redisReplicas } from './server/redis-replicas';

export interface RunningCollab extends RunningService {
  /** Embedded: the gateway hands this the WebSocket upgrades of `/collab` on its own port. */
  handleUpgrade: UpgradeHandler;
  /** Run alone: the port its WebSockets listen on. */
  port?: number;
}

/**
 * Live books (decision 0043): the Hocuspocus server of shared books' live documents. It owns no data:
 * the book service loads and saves the manuscript (book.collab.load / book.collab.save) and answers who
 * may open it (book.access.check). Every replica tails the access events itself (not a shared consumer):
 * each closes the connections it holds.
 */
async function startCollab(context: ServiceContext<CollabConfig>, listen: boolean): Promise<RunningCollab> {
  const { config, logger, bus } = context;
  const access = busBookAccess(bus);
  const collab = createCollabServer({
    tokenSecret: config.COLLAB_TOKEN_SECRET,
    access,
    store: busCollabStore(bus),
    codec: bookManuscriptCodec(),
    logger,
    maxMessageBytes: config.COLLAB_MAX_MESSAGE_BYTES,
    ...(config.REDIS_URL
      ? { replicas: await redisReplicas({ url: config.REDIS_URL, prefix: `${config.BUS_NAMESPACE}:collab`, logger }) }
      : {}),
  });
  const deps: CollabHandlerDeps = {
    connections: collab.connections,
    persistence: collab.persistence,
    outsideWrites: collab.outsideWrites,
    access,
    logger,
    now: Date.now,
  };
  const subscriptions = await Promise.all([
    serveHealth(bus, requests.collab.health),
    bus.tail([
      on(events.bookMemberRemoved, onBookMemberRemoved(deps)),
      on(events.bookMemberRoleChanged, onBookMemberRoleChanged(deps)),
      on(events.workspaceMemberRemoved, onWorkspaceMemberRemoved(deps)),
      on(events.bookTrashed, onBookTrashed(deps)),
      on(events.bookDeleted, onBookDeleted(deps)),
      // Every replica tails these too: the one holding the book's document applies the write (claims).
      on(events.bookUpdated, onBookUpdated(deps)),
      on(events.bookReady, onBookReady(deps)),
    ]),
  ]);
  const port = listen ? await collab.listen(config.COLLAB_PORT, collabListenHost(config)) : undefined;
  if (port !== undefined) logger.info({ port }, 'collab: listening for live books');
  let stopping = false;
  return {
    handleUpgrade: collab.handleUpgrade,
    ...(port === undefined ? {} : { port }),
    async ready() {
      return !stopping;
    },
    async stop() {
      stopping = true;
      // Access events first: a stop saves through the bus, which stays open until the runner closes it.
      await Promise.all(subscriptions.map((s) => s.stop()));
      await collab.stop();
    },
  };
}

/** Embedded (the all-in-one process): serves on the gateway's port, through the gateway's upgrade. */
export const collabService = defineService({
  name: 'collab',
  configSchema: CollabConfigSchema,
  start: (context) => startCollab(context, false),
});

/** A collab replica run alone (distributed mode): listens on COLLAB_PORT. */
export const standaloneCollabService = defineService({
  name: 'collab',
  configSchema: CollabConfigSchema,
  start: (context) => startCollab(context, true),
});
