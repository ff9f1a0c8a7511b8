import { randomUUID } from 'node:crypto';
import type { AnyEventDef } from '@bookwright/contracts';
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
