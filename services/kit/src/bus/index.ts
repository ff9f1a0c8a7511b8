export * from './bus';
export { createInProcessBus } from './in-process-bus';
export { createBus } from './create-bus';
export { giveUpOnLastDelivery, waitOutDatabaseOnLastDelivery } from './last-delivery';
