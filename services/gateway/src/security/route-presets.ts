import type { RouteDeps } from '../routes/route-deps';
import { rateLimitPresets } from './rate-limit-presets';

/** A manuscript as JSON (an editor document, a few MB of text) is larger than any other body the API takes. */
const manuscriptBodyLimit = 25 * 1024 * 1024;

/**
 * What a route asks of a request before its handler runs, by name, to spread into the route's options:
 * `app.get(path, { schema, ...signedIn, ...generationLimit }, handler)`. Each preset sets one option
 * (`preHandler`, `config` or `bodyLimit`), so two presets of different kinds never overwrite each other.
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
    /** The data takeout, per user: put it after `signedIn`, whose session its key reads. */
    takeoutLimit: { config: limits.takeout },
    /** Routes that take a whole manuscript. */
    manuscriptBody: { bodyLimit: manuscriptBodyLimit },
  };
}

export type RoutePresets = ReturnType<typeof routePresets>;
