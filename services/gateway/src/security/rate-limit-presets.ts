import type { GatewayConfig } from '../config';

type LimitSettings = Pick<
  GatewayConfig,
  | 'RATE_LIMIT_WINDOW_MS'
  | 'AUTH_RATE_LIMIT_PER_IP'
  | 'GENERATION_RATE_LIMIT_PER_USER'
  | 'REWRITE_RATE_LIMIT_PER_USER'
  | 'SEARCH_RATE_LIMIT_PER_USER'
>;

/**
 * The key of a per-user limit that runs before the session is resolved (the rate-limit plugin's default
 * hook, onRequest): the session cookie, one per signed-in browser, or the IP when there is none.
 */
export const sessionCookieOrIp = (request: { cookies: Record<string, string | undefined>; ip: string }): string =>
  request.cookies.sid ?? request.ip;

const perUser = (max: number, settings: LimitSettings) => ({
  rateLimit: { max, timeWindow: settings.RATE_LIMIT_WINDOW_MS, keyGenerator: sessionCookieOrIp },
});

/** The rate limits of the API by name, as a route's `config`. */
export function rateLimitPresets(settings: LimitSettings) {
  return {
    /** Account changes (password, profile, deletion): the auth routes' per-IP number, counted per route. */
    perIp: { rateLimit: { max: settings.AUTH_RATE_LIMIT_PER_IP, timeWindow: settings.RATE_LIMIT_WINDOW_MS } },
    /** Work that costs an AI call: plans, metadata, translations (covers are limited by the cover service). */
    generation: perUser(settings.GENERATION_RATE_LIMIT_PER_USER, settings),
    /** Small, frequent AI calls: the editor's rewrites, a translation's title suggestion. */
    rewrite: perUser(settings.REWRITE_RATE_LIMIT_PER_USER, settings),
    /** Exports: rendering, no AI, so four times the generation limit. */
    export: perUser(settings.GENERATION_RATE_LIMIT_PER_USER * 4, settings),
    /** The book search: a scan of every chapter the person may read, asked as they type (debounced). */
    search: perUser(settings.SEARCH_RATE_LIMIT_PER_USER, settings),
  };
}

export type RateLimitPresets = ReturnType<typeof rateLimitPresets>;
