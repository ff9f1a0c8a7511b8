export * from './bus';
export { createInProcessBus } from './in-process-bus';
export { connectNatsBus, consumerName, eventStreamName } from './nats-bus';
export { createBus } from './create-bus';
export { giveUpOnLastDelivery } from './last-delivery';
