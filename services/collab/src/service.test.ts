import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collabPath } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import { createServiceTestWorld, type ServiceTestWorld } from '@bookwright/kit/testing';
import { collabService, type RunningCollab } from './service';
import { CollabHarness, blockTexts, bookOf, testTokenSecret } from './testing/collab-harness';
import { FakeBookStore } from './testing/fake-book-store';
import { liveClient, until, type LiveClient } from './testing/live-client';

/**
 * The collab service as it runs (embedded: on an HTTP server it does not own), on a real bus (in-process,
 * or NATS when NATS_URL is set) with the book service faked on it: access, load and save cross the bus,
 * and the access events reach it as the book service publishes them.
 */
let world: ServiceTestWorld<unknown>;
let store: FakeBookStore;
let http: Server;
let url: string;
const clients: LiveClient[] = [];
const tokens = new CollabHarness();

beforeEach(async () => {
  store = new FakeBookStore();
  world = await createServiceTestWorld({ service: 'collab', fakes: [store] });
  const running = (await world.start(collabService, {
    env: { COLLAB_TOKEN_SECRET: testTokenSecret },
  })) as RunningCollab;
  http = createServer((_request, response) => response.writeHead(404).end());
  http.on('upgrade', (request, socket, head) => running.handleUpgrade(request, socket, head));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}${collabPath}`;
  store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', bo: 'coauthor', ed: 'editor' });
  store.add('b2', bookOf('Another book.'), { ada: 'owner', bo: 'coauthor' });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.destroy();
  await world.stop();
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
});

function open(userId: string, bookId: string): LiveClient {
  const client = liveClient(url, bookId, async () => tokens.token(userId, bookId));
  clients.push(client);
  return client;
}

describe('the collab service', () => {
  it('answers its health request, and loads and saves books through the book service on the bus', async () => {
    await expect(world.bus.request(requests.collab.health, {})).resolves.toEqual({ status: 'ok' });
    const ada = open('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    ada.type(1, 0, 'Saved over the bus. ');
    ada.destroy();
    await until(() => store.saves.length === 1, 'the save');
    expect(blockTexts(store.stored('b1'))[1]).toBe('Saved over the bus. The lamp is lit.');
  });

  it('disconnects a removed member from that book at once, and no one else', async () => {
    const [ada, bo, boElsewhere] = [open('ada', 'b1'), open('bo', 'b1'), open('bo', 'b2')];
    await until(() => [ada, bo, boElsewhere].every((c) => c.provider.isSynced), 'all synced');
    store.setRole('b1', 'bo', undefined);
    await world.bus.publish(events.bookMemberRemoved, {
      bookId: 'b1',
      ownerId: 'ada',
      memberId: 'bo',
      role: 'coauthor',
      removedBy: 'ada',
    });
    await until(() => bo.closes.length > 0, 'bo disconnected');
    expect(bo.closes).toEqual(['access-removed']);
    // Reconnecting with a token signed before the removal does not bring them back.
    const again = open('bo', 'b1');
    await until(() => again.refusals.length > 0, 'refused');
    expect(again.refusals).toEqual(['access-removed']);
    ada.type(1, 0, 'Still editing. ');
    await until(() => boElsewhere.provider.isSynced && ada.provider.unsyncedChanges === 0, 'ada still live');
    expect(ada.closes).toEqual([]);
    expect(boElsewhere.closes).toEqual([]);
  });

  it('closes a connection whose role changed (role-changed), so it reconnects with the new one', async () => {
    const ed = open('ed', 'b1');
    await until(() => ed.provider.isSynced, 'synced');
    store.setRole('b1', 'ed', 'viewer');
    await world.bus.publish(events.bookMemberRoleChanged, {
      bookId: 'b1',
      ownerId: 'ada',
      memberId: 'ed',
      role: 'viewer',
      previousRole: 'editor',
      changedBy: 'ada',
    });
    await until(() => ed.closes.length > 0, 'ed closed');
    expect(ed.closes).toEqual(['role-changed']);
    const reconnected = open('ed', 'b1');
    await until(() => reconnected.provider.isSynced, 'reconnected');
    expect(reconnected.provider.authorizedScope).toBe('readonly');
  });

  it('re-checks the books of someone who left a workspace, closing those they lost', async () => {
    const [bo, boElsewhere] = [open('bo', 'b1'), open('bo', 'b2')];
    await until(() => bo.provider.isSynced && boElsewhere.provider.isSynced, 'synced');
    store.setRole('b1', 'bo', undefined);
    await world.bus.publish(events.workspaceMemberRemoved, {
      workspaceId: 'w1',
      ownerId: 'ada',
      memberId: 'bo',
      role: 'member',
      removedBy: 'ada',
      seatsUsed: 1,
    });
    await until(() => bo.closes.length > 0, 'bo closed');
    expect(bo.closes).toEqual(['access-removed']);
    expect(boElsewhere.closes).toEqual([]);
  });

  it("closes everyone's connections to a book moved to the trash (book-gone)", async () => {
    const [ada, bo] = [open('ada', 'b1'), open('bo', 'b1')];
    await until(() => ada.provider.isSynced && bo.provider.isSynced, 'synced');
    await world.bus.publish(events.bookTrashed, {
      bookId: 'b1',
      userId: 'ada',
      deletedAt: new Date().toISOString(),
      attempt: 0,
    });
    await until(() => ada.closes.length > 0 && bo.closes.length > 0, 'both closed');
    expect([ada.closes, bo.closes]).toEqual([['book-gone'], ['book-gone']]);
  });

  it('brings an outside write (book.updated, bookContent) into the open document; other fields load nothing', async () => {
    const ada = open('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    const loads = store.loads;
    await world.bus.publish(events.bookUpdated, { bookId: 'b1', userId: 'ada', fields: ['metadata'], status: 'ready' });
    store.writeOutside('b1', bookOf('Patched by an API client.'));
    await world.bus.publish(events.bookUpdated, {
      bookId: 'b1',
      userId: 'ada',
      fields: ['bookContent'],
      status: 'ready',
    });
    await until(() => ada.text().includes('Patched by an API client.'), 'the outside write in the page');
    // One load for the content event; none for the metadata one (tails deliver in order).
    expect(store.loads).toBe(loads + 1);
    ada.type(1, 0, 'Live. ');
    ada.destroy();
    await until(() => blockTexts(store.stored('b1'))[1] === 'Live. Patched by an API client.', 'saved');
    expect(store.saveAttempts.length).toBe(store.saves.length);
  });

  it('brings the manuscript the writer finished (book.ready) into the open document', async () => {
    const ada = open('ada', 'b1');
    await until(() => ada.provider.isSynced, 'synced');
    store.writeOutside('b1', bookOf('The writer wrote this.'));
    await world.bus.publish(events.bookReady, { bookId: 'b1', userId: 'ada', words: 4, pages: 1 });
    await until(() => ada.text().includes('The writer wrote this.'), 'the finished manuscript in the page');
    expect(ada.closes).toEqual([]);
  });
});
