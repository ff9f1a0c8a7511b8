import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts';

/** A fixed-window counter per key, in this process's memory, that forgets expired keys as it grows. */
export class WindowCounter {
  readonly #entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  count(key: string): { count: number; resetAt: number } {
    const entry = this.#entries.get(key);
    if (!entry || entry.resetAt <= this.now()) return { count: 0, resetAt: this.now() + this.windowMs };
    return entry;
  }

  add(key: string): void {
    const current = this.count(key);
    this.#entries.set(key, { count: current.count + 1, resetAt: current.resetAt });
    if (this.#entries.size > 10_000) this.#prune();
  }

  /** Gives one back (a call that turned out not to count). */
  remove(key: string): void {
    const entry = this.#entries.get(key);
    if (entry && entry.count > 0) entry.count -= 1;
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }

  #prune(): void {
    const now = this.now();
    for (const [key, entry] of this.#entries) if (entry.resetAt <= now) this.#entries.delete(key);
  }
}

export interface AuthThrottleOptions {
  /** Calls to every auth route together, per IP per window (successful logins excepted). */
  perIp: number;
  /** Failed logins per account and IP pair per window. */
  failedLoginsPerAccountAndIp: number;
  windowMs: number;
  now?: () => number;
}

/**
 * The limits on the routes that take credentials or mail links (login, sign-up, forgot and reset
 * password): one budget per IP shared by all of them, and failed logins counted per account *and* IP,
 * so a stranger guessing a password from elsewhere never locks the owner out. A successful login counts
 * against nothing and clears the failures of its pair.
 */
export function authThrottle(options: AuthThrottleOptions) {
  const perIp = new WindowCounter(options.windowMs, options.now);
  const failedLogins = new WindowCounter(options.windowMs, options.now);
  const accountKey = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `${typeof email === 'string' ? email.trim().toLowerCase() : ''}\n${request.ip}`;
  };
  const refuse = (reply: FastifyReply, resetAt: number, now: number): never => {
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
    throw new AppError(429, apiMessages.tooManyRequests);
  };
  const now = options.now ?? Date.now;

  return {
    /** preHandler of every auth route: refuses over either limit, else counts the call against the IP. */
    async guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const ip = perIp.count(request.ip);
      if (ip.count >= options.perIp) refuse(reply, ip.resetAt, now());
      if (request.routeOptions.url?.endsWith('/auth/login')) {
        const failures = failedLogins.count(accountKey(request));
        if (failures.count >= options.failedLoginsPerAccountAndIp) refuse(reply, failures.resetAt, now());
      }
      perIp.add(request.ip);
    },
    loginFailed(request: FastifyRequest): void {
      failedLogins.add(accountKey(request));
    },
    loginSucceeded(request: FastifyRequest): void {
      perIp.remove(request.ip);
      failedLogins.clear(accountKey(request));
    },
  };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
