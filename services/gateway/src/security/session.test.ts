// @vitest-environment node
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { AppError, apiMessages } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { createInProcessBus, silentLogger, type Bus, type Subscription } from '@bookwright/kit';
import { connectNatsBus, eventStreamName } from '@bookwright/kit/nats';
import { sessionSupport, type SessionSupport } from './session';

/*
 * Two gateway replicas, each with its own session cache, over one bus (in-process, and NATS when NATS_URL
 * is set): a revocation announced once reaches both, and a cached session is refused on the next request.
 */

const natsUrl = process.env.NATS_URL;
const adapters: { name: string; skip: boolean; open: (namespace: string) => Promise<Bus[]> }[] = [
  {
    name: 'in-process',
    skip: false,
    open: async (namespace) => {
      const bus = createInProcessBus({ logger: silentLogger(), namespace });
      return [bus, bus, bus];
    },
  },
  {
    name: 'nats',
    skip: !natsUrl,
    open: (namespace) =>
      Promise.all(
        ['user', 'gateway-a', 'gateway-b'].map((name) =>
          connectNatsBus({ servers: natsUrl ?? '', namespace, logger: silentLogger(), name }),
        ),
      ),
  },
];

function fakeRequest(token: string): FastifyRequest {
  return { cookies: { sid: token }, id: randomUUID(), session: null } as unknown as FastifyRequest;
}
const fakeReply = { clearCookie: () => fakeReply } as unknown as FastifyReply;

/** Resolves the request's session the way a route's preHandler does; the user id, or the HTTP status. */
async function whoIs(sessions: SessionSupport, token: string): Promise<string | number> {
  const request = fakeRequest(token);
  try {
    await new Promise<void>((resolve, reject) =>
      sessions.requireSession(request, fakeReply, (error) => (error ? reject(error) : resolve())),
    );
    return request.session!.userId;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

async function eventually(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

for (const adapter of adapters) {
  describe.skipIf(adapter.skip)(`session cache across replicas: ${adapter.name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    async function start() {
      const namespace = `t${randomUUID().replace(/-/g, '').slice(0, 12)}`;
      const [userBus, busA, busB] = await adapter.open(namespace);
      cleanups.push(async () => {
        for (const bus of new Set([userBus!, busA!, busB!])) await bus.close();
        if (natsUrl && adapter.name === 'nats') {
          const admin = await connect({ servers: natsUrl });
          await (await jetstreamManager(admin)).streams.delete(eventStreamName(namespace)).catch(() => undefined);
          await admin.close();
        }
      });
      // The user service, played by a table of live sessions.
      const live = new Map([
        ['token-1', { userId: 'u1', sessionId: 's1' }],
        ['token-2', { userId: 'u1', sessionId: 's2' }],
        ['token-3', { userId: 'u2', sessionId: 's3' }],
      ]);
      let resolutions = 0;
      await userBus!.serve(requests.user.resolveSession, async ({ token }) => {
        resolutions += 1;
        const found = live.get(token);
        if (!found) throw new AppError(401, apiMessages.unauthenticated);
        return { ...found, expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
      });
      const options = { secureCookies: false, timeoutMs: 2_000, cacheTtlMs: 60_000, cacheMaxEntries: 100 };
      const replicas = [sessionSupport(busA!, options), sessionSupport(busB!, options)];
      const listening: Subscription[] = await Promise.all(replicas.map((r) => r.listen()));
      cleanups.push(async () => {
        for (const subscription of listening) await subscription.stop();
      });
      return { userBus: userBus!, live, replicas, resolutions: () => resolutions };
    }

    it('resolves a session once per replica, then answers from the cache', async () => {
      const { replicas, resolutions } = await start();
      const [a] = replicas;
      expect(await Promise.all([whoIs(a!, 'token-1'), whoIs(a!, 'token-1'), whoIs(a!, 'token-1')])).toEqual([
        'u1',
        'u1',
        'u1',
      ]);
      expect(resolutions()).toBe(1);
      expect(await whoIs(a!, 'token-1')).toBe('u1');
      expect(resolutions()).toBe(1);
      expect(await whoIs(a!, 'unknown')).toBe(401);
    });

    it('drops a revoked session on every replica when user.session-revoked is published', async () => {
      const { userBus, live, replicas } = await start();
      for (const replica of replicas) expect(await whoIs(replica, 'token-1')).toBe('u1');
      live.delete('token-1');
      await userBus.publish(events.userSessionRevoked, {
        userId: 'u1',
        sessionId: 's1',
        revokedAt: new Date().toISOString(),
        reason: 'logout',
      });
      for (const replica of replicas) await eventually(async () => (await whoIs(replica, 'token-1')) === 401);
    });

    it("drops all of a user's sessions on a password change or account deletion, and no one else's", async () => {
      const { userBus, live, replicas } = await start();
      for (const replica of replicas)
        for (const token of ['token-1', 'token-2', 'token-3']) await whoIs(replica, token);
      live.delete('token-1');
      live.delete('token-2');
      await userBus.publish(events.userPasswordChanged, {
        userId: 'u1',
        changedAt: new Date().toISOString(),
        via: 'reset',
      });
      for (const replica of replicas) {
        await eventually(async () => (await whoIs(replica, 'token-1')) === 401);
        expect(await whoIs(replica, 'token-2')).toBe(401);
        expect(await whoIs(replica, 'token-3')).toBe('u2');
      }
      live.delete('token-3');
      await userBus.publish(events.userDeleted, { userId: 'u2', deletedAt: new Date().toISOString() });
      for (const replica of replicas) await eventually(async () => (await whoIs(replica, 'token-3')) === 401);
    });

    it('forgets at once on the replica that made the change, before any event', async () => {
      const { live, replicas } = await start();
      const [a] = replicas;
      expect(await whoIs(a!, 'token-1')).toBe('u1');
      expect(await whoIs(a!, 'token-3')).toBe('u2');
      live.delete('token-1');
      a!.forgetToken('token-1');
      expect(await whoIs(a!, 'token-1')).toBe(401);
      live.delete('token-3');
      a!.forgetUser('u2');
      expect(await whoIs(a!, 'token-3')).toBe(401);
    });
  });
}
