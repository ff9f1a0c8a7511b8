import { Counter, Histogram } from 'prom-client';
import { AppError } from '@bookwright/contracts';
import type { Bus, EventHandler } from '../bus/bus';
import { processRegistry } from './registry';

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
 * The bus with its traffic counted: one decorator around whichever adapter was chosen, so both adapters
 * report the same metrics and neither has to know about them.
 */
export function instrumentBus(bus: Bus): Bus {
  return {
    request: (def, payload, options) => bus.request(def, payload, options),
    publish: (def, data, options) => bus.publish(def, data, options),
    tail: (handlers) => bus.tail(handlers),
    close: () => bus.close(),
    serve: (def, handler, options) =>
      bus.serve(
        def,
        async (payload, context) => {
          const end = requestDuration.startTimer({ request: def.name });
          try {
            const answer = await handler(payload, context);
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
              await handler.handle(data, meta);
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
