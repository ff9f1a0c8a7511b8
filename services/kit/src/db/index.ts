export { openServiceDatabase, type Migration, type OpenServiceDatabaseOptions, type ServiceDatabase } from './database';
export { schemaNameFor } from './schema-name';
export { prepared } from './prepared-statements';
export {
  enqueueEvent,
  outboxRow,
  forgetPublishedEventsOf,
  outboxMigration,
  OutboxRelay,
  type EnqueueOptions,
  type OutboxDatabase,
  type OutboxRelayOptions,
  type OutboxTable,
} from './outbox';
export { isDatabaseUnavailable } from './connection-errors';
