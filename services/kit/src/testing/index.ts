// Test-only helpers; production code imports '@bookwright/kit', never this entry.
export { createTestDatabase, databaseBackends, TestDatabases, uniqueService } from '../db/testing';
export { dropBusNamespace, testEventMeta } from '../bus/testing';
export { TableOutage } from '../db/table-outage';
export { FakeBookService } from './fake-book-service';
export {
  createServiceTestWorld,
  testRedeliveryBackoffMs,
  type BusFake,
  type ServiceTestWorld,
  type ServiceTestWorldOptions,
  type StartOptions,
} from './service-test-world';
