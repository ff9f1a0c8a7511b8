import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collabPath, CollabTokenSchema, type Book } from '@bookwright/contracts/http';
import { liveClient, until, type LiveClient } from '@bookwright/collab/testing';
import { readyBook } from '../support/books';
import { startTestSystem, type HttpClient, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';

// A live book through the whole system (issue 44): the token from the gateway's route, the WebSocket on the
// gateway's own port (/collab, embedded: the collab service in the same process), the book service loading
// and saving the document. Both modes: the process uses NATS and PostgreSQL when they are set.
describe('a live book through the gateway', () => {
  let system: TestSystem;
  reportSystemFailures(() => system);
  let client: HttpClient;
  let book: Book;
  const clients: LiveClient[] = [];

  beforeAll(async () => {
    system = await startTestSystem({ LLM_OFFLINE_LATENCY_MS: '0' });
    ({ client, book } = await readyBook(system));
  }, 180_000);
  afterAll(async () => {
    for (const live of clients) live.destroy();
    await system?.stop();
  });

  const wsUrl = () => `${system.url.replace(/^http/, 'ws')}${collabPath}`;
  const tokenOf = async () => {
    const answer = await client.post(`/api/v1/book/${book._id}/collab-token`);
    expect(answer.status).toBe(200);
    return CollabTokenSchema.parse(answer.body).token;
  };
  /** The stored manuscript once `holds` says so (read through GET /book/{id}, as the editor reads it). */
  async function storedWhen(holds: (content: string) => boolean): Promise<string> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const content = (await client.get<Book>(`/api/v1/book/${book._id}`)).body.bookContent ?? '';
      if (holds(content)) return content;
      if (Date.now() > deadline) throw new Error(`the stored book never held the edits: ${content.slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const open = () => {
    const live = liveClient(wsUrl(), book._id, tokenOf);
    clients.push(live);
    return live;
  };

  it('opens the stored book for two tabs, which converge, and stores what they show when they leave', async () => {
    const [one, two] = [open(), open()];
    await until(() => one.provider.isSynced && two.provider.isSynced, 'both synced');
    expect(one.text()).toBe(two.text());
    const opened = JSON.parse(book.bookContent!) as { content: { content?: { text?: string }[] }[] };
    expect(one.text()).toContain(opened.content[1]!.content![0]!.text!.slice(0, 40));

    one.type(1, 0, 'Typed in one tab. ');
    two.type(1, 0, 'Typed in the other. ');
    await until(() => one.text() === two.text() && one.text().includes('other. '), 'convergence');
    const shown = one.text();
    one.destroy();
    two.destroy();
    const stored = await storedWhen(
      (content) => content.includes('Typed in one tab.') && content.includes('the other.'),
    );
    expect(stored).toContain('Typed in one tab.');
    expect(shown).toContain('Typed in');
  });

  it('refuses a connection without a valid token', async () => {
    const live = liveClient(wsUrl(), book._id, 'not-a-token');
    clients.push(live);
    await until(() => live.refusals.length > 0, 'the refusal');
    expect(live.refusals).toEqual(['token-expired']);
  });
});
