import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts';
import type { WindowCounters } from '@bookwright/kit';

export interface AuthThrottleOptions {
  /** Calls to every auth route together, per IP per window (successful logins excepted). */
  perIp: number;
  /** Failed logins per account and IP pair per window. */
  failedLoginsPerAccountAndIp: number;
  windowMs: number;
  /** Where the counts live: this process's memory, or a store every gateway replica shares. */
  counters: WindowCounters;
  now?: () => number;
}

/**
 * The limits on the routes that take credentials or mail links (login, sign-up, forgot and reset
 * password): one budget per IP shared by all of them, and failed logins counted per account *and* IP,
 * so a stranger guessing a password from elsewhere never locks the owner out. A successful login counts
 * against nothing and clears the failures of its pair.
 */
export function authThrottle(options: AuthThrottleOptions) {
  const { counters, windowMs } = options;
  const ipKey = (request: FastifyRequest) => `auth-ip\n${request.ip}`;
  const accountKey = (request: FastifyRequest) => {
    const email = (request.body as { email?: unknown } | undefined)?.email;
    return `auth-failed-login\n${typeof email === 'string' ? email.trim().toLowerCase() : ''}\n${request.ip}`;
  };
  const refuse = (reply: FastifyReply, resetAt: number, now: number): never => {
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
    throw new AppError(429, apiMessages.tooManyRequests);
  };
  const now = options.now ?? Date.now;

  return {
    /** preHandler of every auth route: refuses over either limit, else counts the call against the IP. */
    async guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.routeOptions.url?.endsWith('/auth/login')) {
        const failures = await counters.read(accountKey(request), windowMs);
        if (failures.count >= options.failedLoginsPerAccountAndIp) refuse(reply, failures.resetAt, now());
      }
      // Count first, then judge: with replicas sharing the store, a read-then-add would let every replica
      // grant the last call at once.
      const ip = await counters.increment(ipKey(request), windowMs);
      if (ip.count > options.perIp) {
        await counters.decrement(ipKey(request));
        refuse(reply, ip.resetAt, now());
      }
    },
    async loginFailed(request: FastifyRequest): Promise<void> {
      await counters.increment(accountKey(request), windowMs);
    },
    async loginSucceeded(request: FastifyRequest): Promise<void> {
      await Promise.all([counters.decrement(ipKey(request)), counters.clear(accountKey(request))]);
    },
  };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
