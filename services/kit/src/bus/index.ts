export * from './bus';
export { createInProcessBus } from './in-process/in-process-bus';
export { busOptionsFrom, createBus } from './create-bus';
export { observeBus } from './observe-bus';
export { giveUpOnLastDelivery } from './last-delivery';
export { keepWorking } from './keep-working';
export { HANDLER_TRIES_BEFORE_DEAD_LETTER, DEFAULT_REDELIVERY_BACKOFF_MS } from './redelivery';
export type { StreamContext, StreamHandler, StreamOptions } from './bus';
export type { StreamPacing } from './streams';
