import { randomUUID } from 'node:crypto';
import type { AnyEventDef } from '@bookwright/contracts/bus';
import { silentLogger } from '../logger/logger';
import type { EventMeta } from './bus';

/**
 * The delivery details a handler gets from the bus, for a unit test that calls the handler itself: the
 * first delivery of a new event, now, with a silent logger, unless `overrides` says otherwise.
 */
export function testEventMeta(
  def: Pick<AnyEventDef, 'name' | 'version'>,
  overrides: Partial<EventMeta> = {},
): EventMeta {
  return {
    id: randomUUID(),
    name: def.name,
    version: def.version,
    occurredAt: new Date().toISOString(),
    correlationId: undefined,
    deliveryCount: 1,
    logger: silentLogger(),
    working: () => undefined,
    ...overrides,
  };
}

/**
 * Deletes what a test's bus namespace left on the NATS server: its event stream and the object and key-value
 * stores named after it. Loaded on demand, so tests on the in-process bus never load the NATS client.
 */
export async function dropBusNamespace(natsUrl: string, namespace: string): Promise<void> {
  const [{ connect }, { jetstreamManager }] = await Promise.all([
    import('@nats-io/transport-node'),
    import('@nats-io/jetstream'),
  ]);
  const lower = namespace.toLowerCase();
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await jetstreamManager(nc);
    for await (const stream of jsm.streams.list()) {
      const name = stream.config.name.toLowerCase();
      if (name.startsWith(lower) || name.startsWith(`obj_${lower}`) || name.startsWith(`kv_${lower}`))
        await jsm.streams.delete(stream.config.name);
    }
  } finally {
    await nc.close();
  }
}
