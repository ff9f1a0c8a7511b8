import { Counter, Histogram } from 'prom-client';
import { AppError } from '@bookwright/contracts';
import type { Bus, EventHandler } from './bus';
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
  help: 'Event deliveries whose handler threw (redelivered later, or terminated after maxDeliver).',
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
 * traffic is counted, and the correlation id flows — requests and events sent while handling something
 * carry its id, and handlers run with the id of what they handle.
 */
export function observeBus(bus: Bus): Bus {
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
    tail: (handlers) => bus.tail(handlers),
    close: () => bus.close(),
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
    consume: (durable, handlers, options) =>
      bus.consume(
        durable,
        handlers.map((handler): EventHandler => ({
          def: handler.def,
          handle: async (data, meta) => {
            const labels = { consumer: durable, event: handler.def.name };
            if (meta.deliveryCount > 1) redelivered.inc(labels);
            try {
              await withCorrelation(meta.correlationId, () => handler.handle(data, meta));
              handled.inc(labels);
            } catch (error) {
              failed.inc(labels);
              throw error;
            }
          },
        })),
        options,
      ),
  };
}
