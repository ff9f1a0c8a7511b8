import type { RouteDeps } from '../routes/route-deps';
import { bodyLimits } from './body-limits';
import { rateLimitPresets } from './rate-limit-presets';

/**
 * What a route asks of a request before its handler runs, by name, to spread into the route's options:
 * `app.get(path, { schema, ...signedIn, ...generationLimit }, handler)`. Each preset sets one option
 * (`preHandler`, `config` or `bodyLimit`), so two presets of different kinds never overwrite each other.
 *
 * Body limits need no preset for most routes: one rule (body-limits.ts, set as each route is registered)
 * gives a route without a body schema none (1 KB), a form (a body schema) 32 KB, and a multipart upload
 * the limits of its multipart layer. The presets below widen it for the routes that take more; a route
 * without one can never parse more than a form, and security/body-limits.test.ts lists every route's.
 */
export function routePresets({
  sessions,
  authThrottle,
  config,
}: Pick<RouteDeps, 'sessions' | 'authThrottle' | 'config'>) {
  const limits = rateLimitPresets(config);
  return {
    /** 401 without a session; the handler reads `request.userId`. */
    signedIn: { preHandler: sessions.requireSession },
    /** The public forms that sign in or send mail: the one per-IP budget of auth-throttle.ts. */
    authThrottled: { preHandler: authThrottle.guard },
    /** Account changes (password, profile, deletion): the auth routes' per-IP number, counted per route. */
    perIpLimit: { config: limits.perIp },
    /** Work that costs an AI call (rate-limit-presets.ts). */
    generationLimit: { config: limits.generation },
    /** Small, frequent AI calls. */
    rewriteLimit: { config: limits.rewrite },
    /** Rendering an export. */
    exportLimit: { config: limits.export },
    /** The book search, which reads the text of every book in the library. */
    searchLimit: { config: limits.search },
    /** Routes that take an author's text with its surroundings (a rewrite, a comment, the metadata). */
    textBody: { bodyLimit: bodyLimits.text },
    /** The whole structure of a book (PATCH /book/{id}). */
    structureBody: { bodyLimit: bodyLimits.structure },
    /** Routes that take a whole manuscript. */
    manuscriptBody: { bodyLimit: bodyLimits.manuscript },
    /** The payment provider's webhook, whose body no schema describes (it is kept as text to check its signature). */
    webhookBody: { bodyLimit: bodyLimits.webhook },
  };
}

export type RoutePresets = ReturnType<typeof routePresets>;
