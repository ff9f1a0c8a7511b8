export * from './bus';
export { createInProcessBus } from './in-process/in-process-bus';
export { createBus } from './create-bus';
export { observeBus } from './observe-bus';
export { giveUpOnLastDelivery } from './last-delivery';
export { keepWorking } from './keep-working';
export type { StreamContext, StreamHandler, StreamOptions, StreamPacing } from './streams';
