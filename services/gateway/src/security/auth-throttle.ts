import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { normalizeEmail } from '@bookwright/contracts/text';
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
    return `auth-failed-login\n${typeof email === 'string' ? normalizeEmail(email) : ''}\n${request.ip}`;
  };
  const refuse = (reply: FastifyReply, resetAt: number, now: number): never => {
    reply.header('retry-after', String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
    throw new AppError(429, apiMessages.tooManyRequests);
  };
  const now = options.now ?? Date.now;
  const isLogin = (request: FastifyRequest) => request.routeOptions.url?.endsWith('/auth/login') === true;

  return {
    /**
     * preHandler of every auth route: counts the call against the IP and, on login, takes a failed-login
     * slot of the account and IP in advance; refuses (giving back what it took) when either is over.
     * Counting first and judging after is what keeps the limits exact when gateway replicas share the
     * counters and requests arrive at once: a read-then-add would let every one of them through.
     */
    async guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const ip = await counters.increment(ipKey(request), windowMs);
      if (ip.count > options.perIp) {
        await counters.decrement(ipKey(request));
        refuse(reply, ip.resetAt, now());
      }
      if (isLogin(request)) {
        const failures = await counters.increment(accountKey(request), windowMs);
        if (failures.count > options.failedLoginsPerAccountAndIp) {
          await Promise.all([counters.decrement(accountKey(request)), counters.decrement(ipKey(request))]);
          refuse(reply, failures.resetAt, now());
        }
      }
    },
    /** A wrong password: the slot the guard took stays taken. */
    async loginFailed(_request: FastifyRequest): Promise<void> {},
    /** Neither right nor wrong (the user service did not answer): the attempt does not count as a failure. */
    async loginUndecided(request: FastifyRequest): Promise<void> {
      await counters.decrement(accountKey(request));
    },
    async loginSucceeded(request: FastifyRequest): Promise<void> {
      await Promise.all([counters.decrement(ipKey(request)), counters.clear(accountKey(request))]);
    },
  };
}
export type AuthThrottle = ReturnType<typeof authThrottle>;
