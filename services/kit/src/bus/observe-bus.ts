import { Counter, Histogram } from 'prom-client';
import { AppError } from '@bookwright/contracts/http';
import type { Bus, EventHandler } from './bus';
import { waitOutDatabaseOnLastDelivery } from './last-delivery';
import { processRegistry } from '../metrics/registry';
import { currentCorrelationId, withCorrelation } from '../correlation/correlation';

const registers = [processRegistry];
const handled = new Counter({
  name: 'bookwright_bus_messages_handled_total',
  help: 'Events a consumer handled successfully (acked).',
  labelNames: ['consumer', 'event'] as const,
  registers,
});
const failed = new Counter({
  name: 'bookwright_bus_messages_failed_total',
  help: 'Event deliveries whose handler threw (redelivered later, or dead-lettered after 10 tries).',
  labelNames: ['consumer', 'event'] as const,
  registers,
});
const redelivered = new Counter({
  name: 'bookwright_bus_messages_redelivered_total',
  help: 'Event deliveries that were not the first delivery of their message.',
  labelNames: ['consumer', 'event'] as const,
  registers,
});
const requestDuration = new Histogram({
  name: 'bookwright_bus_request_handling_seconds',
  help: 'Time a responder took to answer a bus request, by outcome (ok, rejected = 4xx, error = 5xx).',
  labelNames: ['request', 'outcome'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

/**
 * What every bus does whichever adapter was chosen, in one decorator so neither adapter has to know:
 * traffic is counted, the correlation id flows — requests and events sent while handling something
 * carry its id, and handlers run with the id of what they handle — and no message reaches its last try
 * (a dead letter) because PostgreSQL is away (`waitOutDatabaseOnLastDelivery`).
 */
export function observeBus(bus: Bus): Bus {
  // Aborted when their consumer stops or the bus closes, so no handler waiting out an outage holds either.
  const stoppers = new Set<AbortController>();
  const correlated = <O extends { requestId?: string; correlationId?: string }>(
    options: O | undefined,
    key: keyof O,
  ) => {
    const current = currentCorrelationId();
    return options?.[key] !== undefined || current === undefined ? options : ({ ...options, [key]: current } as O);
  };
  return {
    request: (def, payload, options) => bus.request(def, payload, correlated(options, 'requestId')),
    publish: (def, data, options) => bus.publish(def, data, correlated(options, 'correlationId')),
    stream: (def, payload, options) => bus.stream(def, payload, correlated(options, 'requestId')),
    serveStream: (def, handler, options) =>
      bus.serveStream(
        def,
        (payload, context) => withCorrelation(context.requestId, () => handler(payload, context)),
        options,
      ),
    tail: (handlers) => bus.tail(handlers),
    deadLetters: (durable) => bus.deadLetters(durable),
    replayDeadLetters: (durable) => bus.replayDeadLetters(durable),
    ...(bus.backlog ? { backlog: () => bus.backlog!() } : {}),
    close: () => {
      for (const stopper of stoppers) stopper.abort();
      return bus.close();
    },
    serve: (def, handler, options) =>
      bus.serve(
        def,
        async (payload, context) => {
          const end = requestDuration.startTimer({ request: def.name });
          try {
            const answer = await withCorrelation(context.requestId, () => handler(payload, context));
            end({ outcome: 'ok' });
            return answer;
          } catch (error) {
            end({ outcome: error instanceof AppError && error.status < 500 ? 'rejected' : 'error' });
            throw error;
          }
        },
        options,
      ),
    consume: async (durable, handlers, options) => {
      const stopper = new AbortController();
      const observed = handlers.map((handler): EventHandler => {
        const labels = { consumer: durable, event: handler.def.name };
        const patient = waitOutDatabaseOnLastDelivery(handler.handle, { signal: stopper.signal });
        return {
          def: handler.def,
          handle: async (data, meta) => {
            if (meta.deliveryCount > 1) redelivered.inc(labels);
            try {
              await withCorrelation(meta.correlationId, () => patient(data, meta));
              handled.inc(labels);
            } catch (error) {
              failed.inc(labels);
              throw error;
            }
          },
        };
      });
      const subscription = await bus.consume(durable, observed, options);
      stoppers.add(stopper);
      return {
        stop: async () => {
          stopper.abort();
          stoppers.delete(stopper);
          await subscription.stop();
        },
      };
    },
  };
}
