import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createOfflineProvider, createOpenAiProvider } from '@bookwright/ai';
import { startScriptedOpenAiServer, type RecordedRequest, type ScriptedOpenAiServer } from '@bookwright/ai/testing';
import { documentText, TiptapDocumentSchema, type TiptapDocument, type TiptapNode } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { type BookBrief } from '@bookwright/contracts/bus';
import { on, silentLogger, type Subscription } from '@bookwright/kit';
import { demoTranslationNotice } from '../offline/compose-translation';
import { buildBrief, buildFictionState } from '../testing/books';
import { openWriterWorld, type WriterTestWorld } from '../testing/harness';

// The writer translating a book against a local OpenAI-compatible server (the real SDK, scripted
// answers), on its real database and an in-process bus, with a fake book service.

const chapters = 4;
const sourceKey = (bookId: string) => `translation-sources/${bookId}/source.json`;

/** The original: per chapter a writer-made heading, a paragraph with italics and a line break, and a list. */
function sourceDocument(): TiptapDocument {
  const content: TiptapNode[] = [];
  for (let n = 1; n <= chapters; n += 1) {
    content.push(
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: `Chapter ${n}: The Tide ${n}` }] },
      {
        type: 'paragraph',
        attrs: { textAlign: 'justify' },
        content: [
          { type: 'text', text: `Ines Varga walked to Port Ardel in chapter ${n}, ` },
          { type: 'text', text: 'very slowly', marks: [{ type: 'italic' }] },
          { type: 'hardBreak' },
          { type: 'text', text: 'and Tomas Reed waited.' },
        ],
      },
      {
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: `A list item ${n}.` }] }],
          },
        ],
      },
    );
  }
  return TiptapDocumentSchema.parse({ type: 'doc', content });
}

interface Segment {
  n: number;
  role: 'title' | 'text';
  text: string;
}

const segmentsOf = (request: RecordedRequest): Segment[] => {
  const user = request.body.messages?.find((m) => m.role === 'user')?.content ?? '';
  return JSON.parse(user.slice(user.lastIndexOf('\n') + 1)) as Segment[];
};
const chapterOf = (request: RecordedRequest) =>
  Number(/Chapter (\d+) of/.exec(request.body.messages?.find((m) => m.role === 'user')?.content ?? '')?.[1]);
const systemOf = (request: RecordedRequest) => request.body.messages?.find((m) => m.role === 'system')?.content ?? '';

/** A "translator" that keeps every tag and prefixes each segment, so the test can see what came back. */
const frenchReply = (request: RecordedRequest) => ({
  json: { segments: segmentsOf(request).map((s) => (s.role === 'title' ? `Marée ${s.n}` : `FR ${s.text}`)) },
});

let world: WriterTestWorld;
let servers: ScriptedOpenAiServer[];
let progress: { bookId: string; chapterNumber: number; chaptersWritten: number }[];
let observer: Subscription | undefined;

beforeEach(async () => {
  world = await openWriterWorld();
  servers = [];
  progress = [];
  observer = await observe();
});

afterEach(async () => {
  await observer?.stop();
  await world.stop();
  await Promise.all(servers.map((s) => s.close()));
});

async function observe() {
  return world.bus.consume('translation-test-observer', [
    on(events.bookChapterTranslated, async (data) => {
      progress.push(data);
    }),
  ]);
}

async function serve(respond: Parameters<typeof startScriptedOpenAiServer>[0]) {
  const server = await startScriptedOpenAiServer(respond);
  servers.push(server);
  return createOpenAiProvider({ baseURL: server.baseURL, model: 'm', logger: silentLogger(), maxRetries: 0 });
}

async function requestTranslation(book: BookBrief, attempt = 1) {
  await world.bus.publish(events.bookTranslationRequested, {
    bookId: book._id,
    userId: book.userId,
    attempt,
    sourceBookId: 'original',
    sourceLanguage: 'english',
    language: book.language,
    sourceContentKey: sourceKey(book._id),
  });
}

async function translationOf(
  language: BookBrief['language'] = 'french',
  source: TiptapDocument = sourceDocument(),
): Promise<BookBrief> {
  const book = world.books.addBrief(
    buildBrief({
      status: 'translating',
      language,
      bookState: buildFictionState(chapters),
      translation: { sourceBookId: 'original', sourceTitle: 'The Dark Lighthouse', sourceLanguage: 'english' },
    }),
  );
  await world.blobs.put(sourceKey(book._id), Buffer.from(JSON.stringify(source)), {
    contentType: 'application/json',
  });
  return book;
}

async function manuscript(): Promise<TiptapDocument> {
  const blob = await world.blobs.get(world.books.completions[0]?.contentBlobKey ?? '');
  return TiptapDocumentSchema.parse(JSON.parse(blob!.data.toString('utf8')));
}

describe('translating a book', () => {
  it('sends every chapter with the glossary, keeps structure and marks, and hands over one manuscript', async () => {
    const llm = await serve({ respond: frenchReply });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '2' } });
    const book = await translationOf();
    await requestTranslation(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const calls = servers[0]!.chatRequests();
    expect(calls.map(chapterOf).sort()).toEqual([1, 2, 3, 4]);
    for (const call of calls) {
      const system = systemOf(call);
      expect(system).toContain('from English into French');
      // The glossary from the plan: the cast, the place, the world's own things.
      for (const term of [
        'Ines Varga (character)',
        'Tomas Reed (character)',
        'a lighthouse that has been dark for ten years',
      ])
        expect(system).toContain(term);
      expect(segmentsOf(call)[1]?.text).toBe(
        `Ines Varga walked to Port Ardel in chapter ${chapterOf(call)}, ⟦1⟧very slowly⟦/1⟧⟦br⟧and Tomas Reed waited.`,
      );
    }

    const document = await manuscript();
    expect(document.content.filter((n) => n.type === 'heading').map((n) => documentText(n))).toEqual(
      [1, 2, 3, 4].map((n) => `Chapitre ${n}: Marée 1`),
    );
    const [, paragraph, list] = document.content;
    expect(paragraph).toEqual({
      type: 'paragraph',
      attrs: { textAlign: 'justify' },
      content: [
        { type: 'text', text: 'FR Ines Varga walked to Port Ardel in chapter 1, ' },
        { type: 'text', text: 'very slowly', marks: [{ type: 'italic' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'and Tomas Reed waited.' },
      ],
    });
    expect(list).toMatchObject({ type: 'bulletList', content: [{ type: 'listItem' }] });
    expect(documentText(list!)).toBe('FR A list item 1.');
    await world.books.waitFor(() => progress.length === chapters);
    expect(progress.map((p) => p.chapterNumber).sort()).toEqual([1, 2, 3, 4]);
    expect(Math.max(...progress.map((p) => p.chaptersWritten))).toBe(chapters);
  });

  it('translates the original as it prints: a suggested chapter and word left out, a suggested deletion kept, no comments', async () => {
    const original = sourceDocument();
    const insertion = (id: number) => [{ type: 'insertion', attrs: { id } }];
    original.content.splice(
      3,
      0,
      {
        type: 'heading',
        attrs: { level: 1 },
        marks: insertion(7),
        content: [{ type: 'text', text: 'Interlude', marks: insertion(7) }],
      },
      { type: 'paragraph', content: [{ type: 'text', text: 'Quillfeather wrote.', marks: insertion(7) }] },
    );
    const first = original.content[1]!.content!;
    first[0] = { ...first[0]!, marks: [{ type: 'comment', attrs: { commentId: 'c-1' } }] };
    first[3] = { ...first[3]!, marks: [{ type: 'deletion', attrs: { id: 8 } }] };
    const llm = await serve({ respond: frenchReply });
    await world.startWriter({ llm });
    await requestTranslation(await translationOf('french', TiptapDocumentSchema.parse(original)));
    await world.books.waitFor(() => world.books.completions.length === 1);

    const sent = servers[0]!.chatRequests();
    expect(sent.map(chapterOf).sort()).toEqual([1, 2, 3, 4]);
    expect(JSON.stringify(sent.map(segmentsOf))).not.toMatch(/Interlude|Quillfeather/);
    const document = await manuscript();
    expect(documentText(document.content[1]!)).toContain('FR Ines Varga walked');
    expect(documentText(document.content[1]!)).toContain('and Tomas Reed waited.');
    expect(JSON.stringify(document)).not.toMatch(/insertion|deletion|comment|Quillfeather|Interlude/);
  });

  it('resumes after a kill mid-translation: no chapter lost, none translated twice', async () => {
    // The first instance's model never answers chapter 3; the writer is stopped while it waits.
    const first = await serve({
      respond: (request) => (chapterOf(request) === 3 ? { hang: true } : frenchReply(request)),
    });
    const writer = await world.startWriter({ llm: first, env: { WRITER_CONCURRENCY: '1' } });
    const book = await translationOf();
    await requestTranslation(book);
    await world.books.waitFor(() => servers[0]!.chatRequests().some((r) => chapterOf(r) === 3));
    await world.books.waitFor(() => progress.length === 2);
    await world.stopWriter(writer);
    const before = await world.database.db.selectFrom('written_chapters').select('chapter_number').execute();
    expect(before.map((r) => r.chapter_number).sort()).toEqual([1, 2]);

    // A new process: a new bus (the embedded bus forgets its events), the same database.
    await observer?.stop();
    await world.restartBus();
    observer = await observe();
    const second = await serve({ respond: frenchReply });
    await world.startWriter({ llm: second, env: { WRITER_CONCURRENCY: '1' } });
    await world.books.waitFor(() => world.books.completions.length === 1);

    expect(servers[1]!.chatRequests().map(chapterOf)).toEqual([3, 4]);
    const counts = await world.database.db
      .selectFrom('written_chapters')
      .select(['chapter_number', sql<string>`count(*)`.as('n')])
      .groupBy('chapter_number')
      .execute();
    expect(counts).toHaveLength(chapters);
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
    expect((await manuscript()).content.filter((n) => n.type === 'heading')).toHaveLength(chapters);
  });

  it('fails with a reason the author can act on when the model keeps failing, and a retry resumes', async () => {
    let down = true;
    const llm = await serve({
      respond: (request) =>
        down && chapterOf(request) === 2 ? { status: 400, errorMessage: 'no' } : frenchReply(request),
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' } });
    const book = await translationOf('polish');
    await requestTranslation(book);
    await world.books.waitFor(() => world.books.failures.length === 1);
    expect(world.books.failures[0]).toMatchObject({ bookId: book._id, step: 'translating' });
    expect(world.books.failures[0]?.reason).toMatch(/chapter 2/);

    down = false;
    await requestTranslation(book, 2);
    await world.books.waitFor(() => world.books.completions.length === 1);
    expect((await manuscript()).content.filter((n) => n.type === 'heading').map((n) => documentText(n))).toEqual(
      [1, 2, 3, 4].map((n) => `Rozdział ${n}: Marée 1`),
    );
    expect(servers[0]!.chatRequests().filter((r) => chapterOf(r) === 1)).toHaveLength(1);
  });

  it('makes a clearly marked demo translation without a model', async () => {
    await world.startWriter({ llm: createOfflineProvider() });
    const book = await translationOf('polish');
    await requestTranslation(book);
    await world.books.waitFor(() => world.books.completions.length === 1);
    const document = await manuscript();
    expect(documentText(document.content[0]!)).toBe('Rozdział 1: The Tide 1');
    expect(documentText(document.content[1]!)).toContain(demoTranslationNotice('polish'));
    expect(demoTranslationNotice('polish')).toContain('polski');
  });

  it('takes back a translation job stored after its book was deleted, and translates nothing', async () => {
    const llm = await serve({ respond: frenchReply });
    await world.startWriter({ llm });
    const book = await translationOf();
    // The book goes between the brief the writer read and the job it stores; its `book.deleted`, handled
    // in that moment, found no job.
    world.books.beforeBriefSent = async () => {
      world.books.beforeBriefSent = undefined;
      world.books.books.delete(book._id);
    };
    await requestTranslation(book);
    await world.books.waitFor(() => world.books.briefRequests.length === 2);
    const jobs = () =>
      world.database.db.selectFrom('writing_jobs').select('id').where('book_id', '=', book._id).execute();
    await expect.poll(async () => (await jobs()).length).toBe(0);
    expect(servers[0]!.chatRequests()).toEqual([]);
    expect(world.books.completions).toEqual([]);
  });
});
