// Test-only helpers of live books: a browser tab's provider in Node, and the in-memory book service.
export { liveClient, until, NodeWebSocket, type LiveClient, type RawSocket } from './live-client';
export { FakeBookStore, versionOf } from './fake-book-store';
export { CollabHarness, bookOf, blockTexts, testTokenSecret } from './collab-harness';
