import type { z } from 'zod';
import { $ZodRegistry, globalRegistry, type $ZodType } from 'zod/v4/core';
import {
  AuthProvidersResponseSchema,
  AuthSuccessSchema,
  BookSchema,
  BookStateSchema,
  BookSummarySchema,
  CommentAnchorSchema,
  CommentReplySchema,
  CommentThreadSchema,
  ExportValidationSchema,
  HealthSchema,
  MessageSchema,
  MetadataSuggestionSchema,
  RevisionSchema,
  RevisionSummarySchema,
  StaleBookSchema,
  TiptapDocumentSchema,
  TrashedBookSchema,
  UserSchema,
} from '@bookwright/contracts/http';
import { InvoiceSchema, PlanPricesSchema } from '@bookwright/contracts/bus';

type Meta = { id?: string; description?: string } & Record<string, unknown>;

/**
 * The OpenAPI document's named schemas (`components.schemas`): each contract registered here is written
 * once and referenced wherever a route uses it, so a generated client gets one `Book` type, not forty
 * inline copies. Descriptions given with `.describe()` (kept by zod in its global registry) still apply.
 * A registry of its own, not zod's global one: an id there would also turn the AsyncAPI document's
 * payloads into references it cannot resolve.
 */
class ApiSchemaRegistry extends $ZodRegistry<Meta> {
  override get(schema: $ZodType): Meta | undefined {
    const own = super.get(schema);
    const global = globalRegistry.get(schema) as Meta | undefined;
    return own || global ? { ...global, ...own } : undefined;
  }
}

export const apiSchemas = new ApiSchemaRegistry();

const named: [z.ZodType, string, string][] = [
  [BookSchema, 'Book', 'A book with its plan (bookState) and manuscript (bookContent); `etag` is its version'],
  [BookSummarySchema, 'BookSummary', 'A book in the library list: everything but the plan and the manuscript'],
  [BookStateSchema, 'BookState', "The book's plan: fiction or non-fiction structure"],
  [TiptapDocumentSchema, 'Manuscript', 'A manuscript as a tiptap (ProseMirror) JSON document'],
  [TrashedBookSchema, 'TrashedBook', 'A book in the trash, with when it goes for good'],
  [StaleBookSchema, 'StaleBook', 'A 412 answer: the book changed since the version named in If-Match'],
  [RevisionSchema, 'Revision', 'A saved version of the manuscript, with its text'],
  [RevisionSummarySchema, 'RevisionSummary', 'A saved version of the manuscript, without its text'],
  [UserSchema, 'User', 'The signed-in user: profile, plan and what is left of this month'],
  [AuthSuccessSchema, 'AuthSuccess', 'A successful sign-up or login: the user, signed in by cookie'],
  [AuthProvidersResponseSchema, 'AuthProviders', 'The identity provider offered beside passwords, if any'],
  [PlanPricesSchema, 'PlanPrices', 'The monthly price of each plan'],
  [InvoiceSchema, 'Invoice', 'An invoice of the payment provider'],
  [ExportValidationSchema, 'ExportValidation', 'What a store would say of a book, check by check'],
  [MetadataSuggestionSchema, 'MetadataSuggestion', 'Publishing metadata suggested by AI (nothing is saved)'],
  [HealthSchema, 'Health', 'Readiness of the gateway and every service'],
  [CommentThreadSchema, 'CommentThread', 'A comment thread: its first comment, anchored to a quote, and its replies'],
  [CommentReplySchema, 'CommentReply', 'A reply in a comment thread'],
  [CommentAnchorSchema, 'CommentAnchor', 'Where a thread sits: a W3C TextQuoteSelector and the chapter'],
  [MessageSchema, 'Message', 'A confirmation text'],
];
for (const [schema, id, description] of named) apiSchemas.add(schema, { id, description });

/** The `{msg}` body of every error answer, with the catalogue's text (spec §12). */
export const errorComponent = {
  type: 'object',
  description: "An error: `msg` is the text to show, from the spec's catalogue; some errors add fields",
  properties: { msg: { type: 'string' } },
  required: ['msg'],
  additionalProperties: true,
} as const;
