import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiMessages,
  metadataSuggestionLimits,
  revisionMessages,
  revisionPolicy,
  subjects,
  UpdateMetadataRequestSchema,
  type Book,
  type MetadataSuggestion,
  type Revision,
  type RevisionSummary,
} from '@bookwright/contracts/http';
import { descriptionAllowedTags, descriptionLength } from '@bookwright/contracts/text';
import { newAccount, startTestSystem, type TestSystem } from '../support/test-system';
import { reportSystemFailures } from '../support/failure-report';
import { readyBook, oneParagraph } from '../support/books';

const rewriteLimit = 4;
let system: TestSystem;
reportSystemFailures(() => system);
beforeAll(async () => {
  system = await startTestSystem({ REWRITE_RATE_LIMIT_PER_USER: String(rewriteLimit) });
});
afterAll(async () => {
  await system?.stop();
});

/** The SSE events of a text/event-stream body, in order. */
function sseEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? '{}') as Record<string, unknown>;
      return { event, data };
    });
}

describe('revision history over HTTP', () => {
  it('keeps the book as written first, saves named versions, restores, and hides it from others', async () => {
    const { client, book } = await readyBook(system);
    const asWritten = await client.get<RevisionSummary[]>(`/api/v1/book/${book._id}/revisions`);
    expect(asWritten.status).toBe(200);
    expect(asWritten.body).toHaveLength(1);
    expect(asWritten.body[0]).toMatchObject({ name: revisionPolicy.asWrittenName });
    expect(asWritten.body[0]!.wordCount).toBeGreaterThan(1_000);
    const first = asWritten.body[0]!;

    // Saves seconds apart keep no snapshot each: the throttle allows one per ten minutes of editing.
    for (const text of ['first save', 'second save here', 'third save with more words']) {
      expect((await client.patch(`/api/v1/book/content/${book._id}`, { bookContent: oneParagraph(text) })).status).toBe(
        200,
      );
    }
    expect((await client.get<RevisionSummary[]>(`/api/v1/book/${book._id}/revisions`)).body).toEqual([first]);

    const named = await client.post<Revision>(`/api/v1/book/${book._id}/revisions`, { name: 'Before the cut' });
    expect(named.status).toBe(201);
    expect(named.body).toMatchObject({
      name: 'Before the cut',
      wordCount: 5,
      bookContent: oneParagraph('third save with more words'),
    });
    const { etag } = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    const kept = await client.post<Revision>(`/api/v1/book/${book._id}/revisions`, {
      name: 'Kept from another tab, 14:02',
      bookContent: oneParagraph('the other tab'),
    });
    expect(kept.status).toBe(201);
    expect(kept.body.bookContent).toBe(oneParagraph('the other tab'));
    const unchanged = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    expect(unchanged).toMatchObject({ bookContent: oneParagraph('third save with more words'), etag });
    const badName = await client.post(`/api/v1/book/${book._id}/revisions`, { name: 'x'.repeat(81) });
    expect(badName.status).toBe(400);
    expect(typeof badName.body.msg).toBe('string');
    const notADocument = await client.post(`/api/v1/book/${book._id}/revisions`, { bookContent: 'not json' });
    expect(notADocument.status).toBe(400);

    const one = await client.get<Revision>(`/api/v1/book/${book._id}/revisions/${first.id}`);
    expect(one.status).toBe(200);
    expect(one.body.bookContent).toBe(book.bookContent);

    // A restore keeps the manuscript it replaces first, whatever the throttle.
    const restored = await client.post<Book>(`/api/v1/book/${book._id}/revisions/${first.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.bookContent).toBe(book.bookContent);
    expect(restored.body.etag).not.toBe(etag);
    expect((await client.get<Book>(`/api/v1/book/${book._id}`)).body.bookContent).toBe(book.bookContent);
    const after = await client.get<RevisionSummary[]>(`/api/v1/book/${book._id}/revisions`);
    expect(after.body.map((r) => r.name)).toEqual([
      null,
      'Kept from another tab, 14:02',
      'Before the cut',
      'As written',
    ]);
    const replaced = await client.get<Revision>(`/api/v1/book/${book._id}/revisions/${after.body[0]!.id}`);
    expect(replaced.body.bookContent).toBe(oneParagraph('third save with more words'));

    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.get(`/api/v1/book/${book._id}/revisions`)).status).toBe(404);
    expect((await stranger.get(`/api/v1/book/${book._id}/revisions/${first.id}`)).status).toBe(404);
    expect((await stranger.post(`/api/v1/book/${book._id}/revisions`, { name: 'mine' })).status).toBe(404);
    const foreignRestore = await stranger.post(`/api/v1/book/${book._id}/revisions/${first.id}/restore`);
    expect(foreignRestore.status).toBe(404);
    expect(foreignRestore.body).toEqual({ msg: apiMessages.notFound });
    const unknown = await client.get(`/api/v1/book/${book._id}/revisions/not-a-revision`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ msg: revisionMessages.notFound });
    expect((await system.client().get(`/api/v1/book/${book._id}/revisions`)).status).toBe(401);
  });
});

describe('AI metadata and rewriting over HTTP', () => {
  it('suggests metadata grounded in the plan that passes the typed-metadata checks, and saves nothing', async () => {
    const { client, book } = await readyBook(system);
    const res = await client.post<{ data: MetadataSuggestion }>(`/api/v1/book/${book._id}/metadata/suggest`);
    expect(res.status).toBe(200);
    const { description, keywords, categories, subtitle } = res.body.data;
    expect(descriptionLength(description)).toBeLessThanOrEqual(metadataSuggestionLimits.descriptionChars);
    for (const tag of description.match(/<\/?([a-z0-9]+)/gi) ?? [])
      expect(descriptionAllowedTags).toContain(tag.replace(/[</]/g, '').toLowerCase());
    expect(keywords.length).toBeGreaterThan(0);
    expect(keywords.length).toBeLessThanOrEqual(7);
    for (const k of keywords) expect(k.length).toBeLessThanOrEqual(50);
    expect(categories.length).toBeGreaterThanOrEqual(2);
    expect(categories.length).toBeLessThanOrEqual(3);
    for (const c of categories) expect(subjects).toContain(c);
    expect(subtitle.length).toBeGreaterThan(0);
    // Grounded in the plan: the plan's premise or a character appears, not only the title.
    const full = (await client.get<Book>(`/api/v1/book/${book._id}`)).body;
    const state = full.bookState as { characters: { name: string }[] };
    expect(state.characters.some((c) => description.includes(c.name) || keywords.includes(c.name.toLowerCase()))).toBe(
      true,
    );
    // Accepting goes through the usual metadata route and its checks.
    const accepted = UpdateMetadataRequestSchema.safeParse({
      title: full.title,
      author: 'A. Author',
      identifier: 'urn:uuid:1',
      languageMetadata: 'en',
      description,
      keywords,
      subtitle,
    });
    expect(accepted.success).toBe(true);
    // The shape the metadata form edits: accepting it stores exactly what was suggested.
    expect(accepted.data?.description).toBe(description);
    expect(full.description ?? null).toBeNull();
    expect((await system.client().post(`/api/v1/book/${book._id}/metadata/suggest`)).status).toBe(401);
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.post(`/api/v1/book/${book._id}/metadata/suggest`)).status).toBe(404);
  });

  it('streams a demo rewrite as server-sent events, checks its input, and rate-limits per user', async () => {
    const { client, book } = await readyBook(system);
    const edited = oneParagraph('The sea was grey, and the wind was cold, and the lamp was out.');
    expect((await client.patch(`/api/v1/book/content/${book._id}`, { bookContent: edited })).status).toBe(200);
    const res = await client.post<string>(`/api/v1/book/${book._id}/rewrite`, {
      text: 'The sea was grey, and the wind was cold, and the lamp was out.',
      instruction: 'shorter',
      before: 'Chapter 1',
      after: '',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = sseEvents(res.body);
    expect(events.at(-1)!.event).toBe('done');
    const streamed = events
      .filter((e) => e.event === 'delta')
      .map((e) => e.data.text)
      .join('');
    expect(streamed.trim()).toBe(events.at(-1)!.data.text);
    expect(String(events.at(-1)!.data.text)).toMatch(/^\[Demo rewrite\] The sea was grey/);
    // The manuscript the rewrite is applied to was kept first, whatever the ten-minute throttle.
    const history = await client.get<RevisionSummary[]>(`/api/v1/book/${book._id}/revisions`);
    expect(history.body.map((r) => r.name)).toEqual([null, 'As written']);
    const kept = await client.get<Revision>(`/api/v1/book/${book._id}/revisions/${history.body[0]!.id}`);
    expect(kept.body.bookContent).toBe(edited);

    expect((await client.post(`/api/v1/book/${book._id}/rewrite`, { text: '  ', instruction: 'shorter' })).status).toBe(
      400,
    );
    expect(
      (await client.post(`/api/v1/book/${book._id}/rewrite`, { text: 'x'.repeat(8_001), instruction: 'shorter' }))
        .status,
    ).toBe(400);
    const stranger = system.client();
    await stranger.post('/api/v1/auth/sign-up', newAccount());
    expect((await stranger.post(`/api/v1/book/${book._id}/rewrite`, { text: 'a', instruction: 'b' })).status).toBe(404);

    // Four per window in this system: the first three were used above.
    expect((await client.post(`/api/v1/book/${book._id}/rewrite`, { text: 'One.', instruction: 'vivid' })).status).toBe(
      200,
    );
    const limited = await client.post(`/api/v1/book/${book._id}/rewrite`, { text: 'One.', instruction: 'vivid' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ msg: apiMessages.tooManyRequests });
  });
});
