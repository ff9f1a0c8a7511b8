// Test-only helpers; production code imports '@bookwright/kit', never this entry.
export { createTestDatabase } from '../db/testing';
