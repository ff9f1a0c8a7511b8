/**
 * @bookwright/sdk: Bookwright's API for programs (issue 45). A client typed from docs/api/openapi.json
 * (openapi-typescript + openapi-fetch), signed in with an API token or a session, and helpers for the flows
 * people script: a book from an idea, waited for on the event stream; an export downloaded; a webhook verified.
 */
export { Bookwright, type ClientOptions, type Schemas } from './client/bookwright';
export { BookwrightError } from './client/bookwright-error';
export { BookEventStream, type BookEvent, type BookEventData } from './events/book-event-stream';
export {
  BookFailedError,
  createBookAndWait,
  fillEpubMetadata,
  planBook,
  planRequestOf,
  titleFromIdea,
  waitForStatus,
  type BookIdea,
  type BookProgress,
  type PlanRequest,
  type WaitOptions,
} from './flows/create-book';
export { downloadBook, exportBook, fileNameOf, type ExportedFile, type ExportOptions } from './flows/export-book';
export { verifyWebhook, WebhookVerificationError, type WebhookDelivery } from './webhooks/verify-webhook';
export type { components, operations, paths } from './generated/openapi';
