import type { ResolvedTokens } from '../security/api-token-auth';
import type {
  ContextConfigDefault,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AnyRequestDef } from '@bookwright/contracts/bus';
import type { BlobStore, Bus } from '@bookwright/kit';
import type { GatewayConfig } from '../config';
import type { AuthThrottle } from '../security/auth-throttle';
import type { TakeoutGate } from '../takeout/takeout-gate';
import type { SessionSupport } from '../security/session';
import type { LibraryReadModel } from '../read-models/library-read-model';
import type { BookReadModel } from '../read-models/book-read-model';
import type { CurrentUserReadModel } from '../read-models/current-user-read-model';

/** Asks a service for one HTTP request: the request id travels along, and the gateway's timeout applies. */
export type Ask = <D extends AnyRequestDef>(
  request: FastifyRequest,
  def: D,
  payload: z.input<D['request']>,
  options?: { timeoutMs?: number },
) => Promise<z.output<D['response']>>;

/** What route plugins get: the bus to reach services, session helpers, read models and config. No business data of its own. */
export interface RouteDeps {
  bus: Bus;
  ask: Ask;
  /** Only for files in transit (uploads in, exports out) and serving covers; never business data. */
  blobs: BlobStore;
  sessions: SessionSupport;
  /** The library list of recently served users, kept current by book events (a cache it can lose). */
  library: LibraryReadModel;
  /** The books recently opened (GET /book/{id}), as ETag and serialised body, dropped by book events. */
  books: BookReadModel;
  /** The signed-in users recently served, kept current by user and billing events (a cache it can lose). */
  currentUsers: CurrentUserReadModel;
  /** The API tokens this replica resolved lately: a revocation here drops one at once. */
  resolvedTokens: ResolvedTokens;
  /** One takeout per author at a time, and so many started per hour, in the store the replicas share. */
  takeouts: TakeoutGate;
  /** The limits shared by every route that takes credentials or mail links. */
  authThrottle: AuthThrottle;
  config: GatewayConfig;
}

export function askOver(bus: Bus, timeoutMs: number): Ask {
  return (request, def, payload, options) =>
    bus.request(def, payload, { requestId: request.id, timeoutMs: options?.timeoutMs ?? timeoutMs });
}

/** The request of a route whose schema is `S`: params, query, headers and body typed from its zod schemas. */
export type RouteRequest<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  S,
  ZodTypeProvider
>;

/** The reply of a route whose schema is `S`: `send` takes what its response schemas accept. */
export type RouteReply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
