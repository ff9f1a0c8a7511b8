import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * How many bytes of body each kind of route reads (Fastify's `bodyLimit`: a Content-Length over it is
 * refused with 413 before a byte is read, and a body sent without one is cut off there). One rule for
 * every route, set as it is registered (`registerBodyLimits`): parsing a body costs the event loop, so a
 * route reads no more than what it takes. Before, every route parsed up to 12 MB of JSON, even those
 * that take none: ten such bodies slowed /health/live from 3 ms to 2.3 s (issue 47).
 *
 * A string field of n characters is at most 3n bytes of UTF-8 (what JSON.stringify writes for any
 * character the edge accepts), so each limit below holds its routes' largest fields at three bytes each.
 */
export const bodyLimits = {
  /**
   * A route without a body schema reads none: room for the `{}` or `null` a client may send with any POST,
   * and for nothing else. Also the server's own limit, which the 404 answers keep.
   */
  none: 1024,
  /**
   * The default of a route with a body (a form): the largest fields it takes are 5,000 characters (the
   * plan's prompt, the sales enquiry's message), 15 KB at most with the rest of the form.
   * `BODY_LIMIT_BYTES` changes it.
   */
  form: 32 * 1024,
  /**
   * An author's text with its surroundings: a rewrite's passage and context (20,500 characters), a
   * comment (11,200 with its quote), the metadata with its 20,000-character description.
   */
  text: 256 * 1024,
  /** A book's whole structure (PATCH /book/{id}): up to 100 chapters with their summaries and notes. */
  structure: 2 * 1024 * 1024,
  /** A manuscript as JSON (an editor document, a few MB of text) is larger than any other body the API takes. */
  manuscript: 25 * 1024 * 1024,
  /** The payment provider's signed events (Stripe's are a few KB; an invoice with many lines more). */
  webhook: 1024 * 1024,
} as const;

export type BodyLimitName = keyof typeof bodyLimits | 'upload';

/** What a route reads: the limit's name and its bytes. */
export interface RouteBodyLimit {
  name: BodyLimitName;
  bytes: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route's body limit by `METHOD url`, as `registerBodyLimits` set it (the tests list them). */
    readonly bodyLimits: ReadonlyMap<string, RouteBodyLimit>;
  }
}

/**
 * The limit of one route, from its options:
 * - a multipart form (`schema.consumes`) is read by @fastify/multipart, whose own limits (one file of the
 *   route's size, a few short fields: app/api-routes.ts) bound it; Fastify's limit, which applies to the
 *   other bodies only, is a form's, since such a route refuses them;
 * - a route that names a larger kind (a preset of route-presets.ts sets `bodyLimit`) gets it;
 * - a route with a body schema, a form's;
 * - any other route, none.
 */
export function bodyLimitOf(route: Pick<RouteOptions, 'schema' | 'bodyLimit'>, formBytes: number): RouteBodyLimit {
  const schema = route.schema as { body?: unknown; consumes?: readonly string[] } | undefined;
  if (schema?.consumes?.includes('multipart/form-data')) return { name: 'upload', bytes: formBytes };
  if (route.bodyLimit !== undefined) return { name: nameOf(route.bodyLimit, formBytes), bytes: route.bodyLimit };
  if (schema?.body !== undefined) return { name: 'form', bytes: formBytes };
  return { name: 'none', bytes: bodyLimits.none };
}

function nameOf(bytes: number, formBytes: number): BodyLimitName {
  if (bytes === formBytes) return 'form';
  const named = (Object.keys(bodyLimits) as (keyof typeof bodyLimits)[]).find((name) => bodyLimits[name] === bytes);
  // A limit of its own would be a new kind: name it in bodyLimits, where the others are justified.
  if (!named) throw new Error(`A route's bodyLimit of ${bytes} bytes is none of bodyLimits (security/body-limits.ts)`);
  return named;
}

/**
 * Sets every route's `bodyLimit` as it is registered (`bodyLimitOf`). Register it before any route: an
 * onRoute hook sees only the routes registered after it, in its instance and the plugins below.
 */
export function registerBodyLimits(app: FastifyInstance, options: { formBytes: number }): void {
  const limits = new Map<string, RouteBodyLimit>();
  app.decorate('bodyLimits', limits);
  app.addHook('onRoute', (route) => {
    const limit = bodyLimitOf(route, options.formBytes);
    route.bodyLimit = limit.bytes;
    for (const method of [route.method].flat()) limits.set(`${method} ${route.url}`, limit);
  });
}
