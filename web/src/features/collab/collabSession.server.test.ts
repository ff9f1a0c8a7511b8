// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import type { BookRole, TiptapDocument } from '@bookwright/contracts/http';
import { manuscriptFragmentName } from '@bookwright/manuscript';
import type { CollabToken } from './collabContract';
import { CollabSession } from './collabSession';
import { localCopyName, readLocalCopy } from './localCopy';

/**
 * The live session against the real collab server (services/collab's test harness: Hocuspocus with its
 * token checks, an in-memory book service). The harness is Node code the web's type check does not read:
 * it is loaded by a name TypeScript does not follow, through the little interface used here.
 */
interface Harness {
  url: string;
  store: {
    add(bookId: string, document: TiptapDocument, roles: Record<string, BookRole>): void;
    setRole(bookId: string, userId: string, role: BookRole | undefined): void;
    roleOn(userId: string, bookId: string): Promise<BookRole | undefined>;
    stored(bookId: string): TiptapDocument;
    saves: unknown[];
  };
  start(): Promise<Harness>;
  stop(): Promise<void>;
  token(userId: string, bookId: string, options?: { role?: BookRole; ttlMs?: number }): string;
}
interface HarnessModule {
  CollabHarness: new (options?: { refreshLeadMs?: number }) => Harness;
  bookOf(...paragraphs: string[]): TiptapDocument;
  blockTexts(document: TiptapDocument): string[];
  until(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  NodeWebSocket: unknown;
}
const harnessModule = '@bookwright/collab/testing';
const { CollabHarness, bookOf, blockTexts, until, NodeWebSocket } = (await import(harnessModule)) as HarnessModule;

let harness: Harness;
const sessions: CollabSession[] = [];
afterEach(async () => {
  for (const session of sessions.splice(0)) session.destroy();
  await harness?.stop();
});

/**
 * A page of `userId` on book b1, its tokens signed by the harness as the gateway would (404 once removed);
 * `tokens()` counts the page's asks for one.
 */
function openPage(userId: string, options: { ttlMs?: number; keepLocalCopy?: boolean } = {}) {
  const port = new URL(harness.url).host;
  let tokens = 0;
  let accessReads = 0;
  const session = new CollabSession({
    bookId: 'b1',
    user: { id: userId, name: userId.toUpperCase(), color: '#1d4ed8' },
    location: { protocol: 'http:', host: port },
    keepLocalCopy: options.keepLocalCopy ?? false,
    WebSocketPolyfill: NodeWebSocket,
    accessChanged: () => (accessReads += 1),
    fetchToken: async (): Promise<CollabToken> => {
      tokens += 1;
      const role = await harness.store.roleOn(userId, 'b1');
      if (!role) throw { status: 404, msg: 'Book not found' };
      const ttlMs = options.ttlMs ?? 5 * 60_000;
      return {
        token: harness.token(userId, 'b1', { role, ttlMs }),
        expiresAt: new Date(Date.now() + ttlMs).toISOString(),
        role,
        readOnly: role === 'viewer' || role === 'commenter',
        url: '/collab',
        documentName: 'book:b1',
      };
    },
  });
  sessions.push(session);
  void session.start();
  return { session, tokens: () => tokens, accessReads: () => accessReads };
}

/** Types at the start of the `index`th block of the page's document, as the editor's binding would. */
function type(session: CollabSession, index: number, text: string) {
  const block = session.doc.getXmlFragment(manuscriptFragmentName).get(index) as Y.XmlElement;
  (block.get(0) as Y.XmlText).insert(0, text);
}
const textOf = (session: CollabSession) => session.doc.getXmlFragment(manuscriptFragmentName).toString();

describe('a live session on the collab server', () => {
  it('waits for the server’s document, and two pages typing in one paragraph converge and are stored', async () => {
    harness = await new CollabHarness().start();
    harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', grace: 'coauthor' });
    const ada = openPage('ada');
    const grace = openPage('grace');
    expect(ada.session.getState().phase).toBe('connecting');
    expect(textOf(ada.session)).toBe('');
    await until(() => ada.session.getState().phase === 'ready' && grace.session.getState().phase === 'ready', 'ready');
    expect(textOf(ada.session)).toContain('The lamp is lit.');

    type(ada.session, 1, 'Ada. ');
    type(grace.session, 1, 'Grace. ');
    await until(
      () =>
        textOf(ada.session) === textOf(grace.session) &&
        textOf(ada.session).includes('Ada.') &&
        textOf(ada.session).includes('Grace.'),
      'convergence',
    );
    await until(() => ada.session.getState().unsynced === 0 && grace.session.getState().unsynced === 0, 'acknowledged');
    await until(() => ada.session.getState().serverSave === 'saved' && harness.store.saves.length > 0, 'stored');
    const stored = blockTexts(harness.store.stored('b1'))[1]!;
    expect(stored).toContain('Ada. ');
    expect(stored).toContain('Grace. ');
    expect(stored).toContain('The lamp is lit.');
    expect(await ada.session.whenSaved()).toBe(true);
  });

  it('stops sending what the server refused, and keeps no copy of it on the device to send again', async () => {
    harness = await new CollabHarness().start();
    harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', ed: 'editor' });
    const ed = openPage('ed', { keepLocalCopy: true });
    await until(() => ed.session.getState().phase === 'ready', 'ready');
    const keptState = async () => (await readLocalCopy(localCopyName('b1'))).state.size;
    await expect.poll(keptState, { timeout: 10_000 }).toBeGreaterThan(0);
    // An editor's edit that is not a suggestion: the server closes the connection (issue 44).
    type(ed.session, 1, 'Not suggested. ');
    await until(() => ed.session.getState().phase === 'refused', 'refused');
    await expect.poll(keptState, { timeout: 10_000 }).toBe(0);
    expect(blockTexts(harness.store.stored('b1'))[1]).toBe('The lamp is lit.');
  });

  it('keeps the session open past its first token, sending fresh ones on the socket', async () => {
    harness = await new CollabHarness({ refreshLeadMs: 600 }).start();
    harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner' });
    const ada = openPage('ada', { ttlMs: 1_500 });
    await until(() => ada.session.getState().phase === 'ready', 'ready');
    await until(() => ada.tokens() >= 3, 'two renewals');
    expect(ada.accessReads()).toBe(0);
    type(ada.session, 1, 'Later. ');
    await until(() => blockTexts(harness.store.stored('b1'))[1] === 'Later. The lamp is lit.', 'the edit stored');
  });

  it('opens read-only for a viewer, and follows a change of role with a new token', async () => {
    harness = await new CollabHarness({ refreshLeadMs: 600 }).start();
    harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', vi: 'viewer' });
    const vi = openPage('vi', { ttlMs: 1_500 });
    await until(() => vi.session.getState().phase === 'ready', 'ready');
    expect(vi.session.getState().readOnly).toBe(true);
    harness.store.setRole('b1', 'vi', 'coauthor');
    await until(() => !vi.session.getState().readOnly, 'writable after role-changed');
    expect(vi.accessReads()).toBeGreaterThan(0);
    expect(vi.session.getState().phase).toBe('ready');
  });

  it('ends for a person removed from the book: closed, the access read again, no token asked for after', async () => {
    // (A session that went on would ask for a token within a second of the close.)
    harness = await new CollabHarness({ refreshLeadMs: 600 }).start();
    harness.store.add('b1', bookOf('The lamp is lit.'), { ada: 'owner', grace: 'coauthor' });
    const grace = openPage('grace', { ttlMs: 1_500 });
    await until(() => grace.session.getState().phase === 'ready', 'ready');
    harness.store.setRole('b1', 'grace', undefined);
    await until(() => grace.session.getState().phase === 'closed', 'closed');
    expect(grace.accessReads()).toBeGreaterThan(0);
    const tokens = grace.tokens();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(grace.tokens()).toBe(tokens);
  });
});
