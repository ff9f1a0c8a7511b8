// A subpath of its own (`@bookwright/kit/nats`): the NATS adapters for whoever connects to NATS directly
// (tests of the adapters). Services get them through createBus, createBlobStore and createWindowCounters,
// which load them only when a NATS URL is configured, so an embedded process never loads the NATS client.
export { connectNatsBus, consumerName, eventStreamName } from './bus/nats/nats-bus';
export { connectNatsBlobStore } from './blobs/nats-blob-store';
export { connectNatsWindowCounters } from './counters/nats-window-counters';
