import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  documentText,
  chapterCharacters,
  estimatePages,
  TiptapDocumentSchema,
  type TiptapDocument,
} from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';
import { requests, streams, type BookBrief } from '@bookwright/contracts/bus';
import { createOfflineProvider, LlmError } from '@bookwright/ai';
import { chapterBudgets } from './domain/length';
import { chapterHeading } from './domain/manuscript';
import { failureReasons } from './domain/failure-reasons';
import { buildBrief, buildFictionState, buildNonFictionState } from './testing/books';
import { FakeLlm, hangUntilAborted, type RecordedCall } from './testing/fake-llm';
import { findOverusedPhrases } from './domain/overused-phrases';
import { openWriterWorld, type WriterTestWorld } from './testing/harness';

// Service tests: the real writer on its real database (PGlite, or PostgreSQL when DATABASE_URL is set)
// and a real in-process bus, with a fake book service on the bus and a fake or offline LLM.

let world: WriterTestWorld;

beforeEach(async () => {
  world = await openWriterWorld();
});

afterEach(async () => {
  await world.stop();
});

async function confirm(book: BookBrief, attempt = 1, eventId?: string): Promise<void> {
  await world.bus.publish(
    events.bookConfirmed,
    { bookId: book._id, userId: book.userId, attempt },
    eventId ? { id: eventId } : undefined,
  );
}

async function manuscriptOf(key: string): Promise<TiptapDocument> {
  const blob = await world.blobs.get(key);
  if (!blob) throw new Error(`no blob under ${key}`);
  expect(blob.contentType).toBe('application/json');
  return TiptapDocumentSchema.parse(JSON.parse(blob.data.toString('utf8')));
}

function headingsOf(document: TiptapDocument): string[] {
  return document.content.filter((n) => n.type === 'heading' && n.attrs?.level === 1).map((n) => documentText(n));
}

/** Polls until `check` holds: for what the writer records just after the book service answered it. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function chapterRows() {
  return world.database.db.selectFrom('written_chapters').selectAll().orderBy('chapter_number').execute();
}

async function jobOf(bookId: string) {
  return world.database.db
    .selectFrom('writing_jobs')
    .selectAll()
    .where('book_id', '=', bookId)
    .executeTakeFirstOrThrow();
}

/** Parts each chapter is written in at first, by the writer's own budget rule. */
function plannedParts(book: BookBrief, chapters: { number: number; title: string }[]): number {
  const budgets = chapterBudgets(
    chapters.map((c) => ({ number: c.number, heading: chapterHeading(book.language, c.number, c.title) })),
    'short',
  );
  return budgets[0]?.parts ?? 0;
}

const fictionTitles = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ number: i + 1, title: `The Tide Turns ${i + 1}` }));

describe('writer service', () => {
  it('writes a 12-chapter novel, chapters in parallel, and hands over one valid manuscript', async () => {
    // A model that takes a moment: with instant answers a part is over before the next chapter's begins.
    const llm = new FakeLlm({ latencyMs: 5 });
    await world.startWriter({ llm });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);

    await world.books.waitFor(() => world.books.completions.length === 1);
    const completion = world.books.completions[0];
    expect(completion?.contentBlobKey).toBe(`manuscripts/${book._id}/1.json`);

    const document = await manuscriptOf(completion?.contentBlobKey ?? '');
    expect(headingsOf(document)).toEqual(fictionTitles(12).map((c) => `Chapter ${c.number}: ${c.title}`));
    const text = documentText(document);
    expect(completion?.pages).toBe(estimatePages(chapterCharacters(document)));
    expect(completion?.pages).toBeGreaterThanOrEqual(85);
    expect(completion?.pages).toBeLessThanOrEqual(115);
    // The fake's *emphasis* arrives as italic marks, never as asterisks.
    expect(JSON.stringify(document)).toContain('"italic"');
    expect(text).not.toContain('*');

    // Each chapter committed once, with its summary and facts when a later chapter that had not started yet
    // was left to wait for them (never the last one's, nor the final wave's); progress published for each.
    const rows = await chapterRows();
    expect(rows.map((r) => r.chapter_number)).toEqual(fictionTitles(12).map((c) => c.number));
    const noted = rows.filter((r) => r.notes_taken);
    expect(
      noted.every((r) => r.summary.startsWith(`Summary of chapter ${r.chapter_number}`) && r.facts.length === 1),
    ).toBe(true);
    const last = rows.at(-1);
    expect(last?.notes_taken).toBe(false);
    expect(last?.facts).toEqual([]);
    expect(last?.summary.length).toBeGreaterThan(100);
    const notesCalls = llm.calls.filter((c) => c.task.kind === 'chapter-facts');
    expect(notesCalls).toHaveLength(noted.length);
    await world.books.waitFor(() => world.chapterEvents.length === 12);
    expect(world.chapterEvents.map((e) => e.chaptersWritten).sort((a, b) => a - b)).toEqual(
      fictionTitles(12).map((c) => c.number),
    );
    expect(world.chapterEvents.every((e) => e.chaptersTotal === 12 && e.bookId === book._id)).toBe(true);

    // Bounded concurrency: more than one chapter at a time, never more than WRITER_CONCURRENCY (4) chapters'
    // text; the notes of chapters that gave their slot back run alongside (at most one per chapter).
    expect(llm.maxPartsInFlight).toBeGreaterThan(1);
    expect(llm.maxPartsInFlight).toBeLessThanOrEqual(4);
    expect(llm.maxInFlight).toBeLessThanOrEqual(8);

    // Token usage summed per book.
    await eventually(async () => (await jobOf(book._id)).status === 'completed');
    const job = await jobOf(book._id);
    expect(job.llm_calls).toBe(llm.calls.length);
    expect(job.prompt_tokens).toBeGreaterThan(0);
    expect(job.completion_tokens).toBeGreaterThan(0);
  });

  it('gives every chapter a prompt with the book, the bible, the story so far and the chapter brief', async () => {
    const llm = new FakeLlm();
    // The strictly sequential writer: each chapter starts once the previous one's notes are in.
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1', WRITER_OVERLAP_NOTES: 'false' } });
    const book = world.books.addBrief(buildBrief({ language: 'italian' }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const partsOf = (n: number) =>
      llm.calls.filter((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === n);
    const [system, user] = partsOf(5)[0]?.messages ?? [];
    expect(system?.content).toContain('Write in Italian.');
    expect(system?.content).toContain('"The Dark Lighthouse"');
    expect(system?.content).toContain('adult readers');
    expect(user?.content).toContain('Ines Varga');
    expect(user?.content).toContain('Port Ardel');
    // Written chapters contribute their summaries and facts; the chapter's own brief and the next one's plan.
    expect(user?.content).toContain('Summary of chapter 4');
    expect(user?.content).toContain('Fact from chapter 4');
    expect(user?.content).toContain('Chapter 5 of 12: "The Tide Turns 5"');
    expect(user?.content).toContain('Ines follows clue number 5');
    expect(user?.content).toContain('Ines follows clue number 6');
    expect(user?.content).not.toContain('Summary of chapter 5');
    // Part 2 continues from the end of part 1.
    const second = partsOf(5)[1];
    expect(second?.task.kind === 'chapter-part' && second.task.previousTail.length).toBeGreaterThan(100);
    expect(second?.messages[1]?.content).toContain('Continue seamlessly');
    // The Italian manuscript's headings.
    const document = await manuscriptOf(world.books.completions[0]?.contentBlobKey ?? '');
    expect(headingsOf(document)[0]).toBe('Capitolo 1: The Tide Turns 1');
  });

  it('asks every part to avoid the phrases the chapters done before it overuse, as they stand then', async () => {
    const llm = new FakeLlm();
    // Strictly sequential, so the chapters done when a part starts are exactly the earlier ones.
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1', WRITER_OVERLAP_NOTES: 'false' } });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const rows = await chapterRows();
    const plan = (await jobOf(book._id)).plan as { characters?: { name: string }[] };
    const ignoreWords = (plan.characters ?? []).flatMap((c) => c.name.split(/\s+/));
    const avoidListOf = (call: RecordedCall) => {
      const section = call.messages
        .map((m) => m.content)
        .join('\n')
        .split('# Over-used so far')[1];
      return section ? [...(section.split('\n')[1] ?? '').matchAll(/"([^"]*)"/g)].map((m) => m[1]) : [];
    };
    const parts = llm.calls.filter((c) => c.task.kind === 'chapter-part');
    for (const call of parts) {
      const number = call.task.kind === 'chapter-part' ? call.task.chapter.number : 0;
      const before = rows.filter((r) => r.chapter_number < number).map((r) => r.text);
      const expected = findOverusedPhrases(before, { ignoreWords }).map((p) => p.phrase);
      expect(avoidListOf(call), `chapter ${number}`).toEqual(expected);
    }
    // Not vacuous: the list grows as the book does.
    expect(new Set(parts.map((c) => avoidListOf(c).join('|'))).size).toBeGreaterThan(2);
  });

  it('strictly sequential at WRITER_CONCURRENCY=1 without overlap: every call waits for the one before', async () => {
    const llm = new FakeLlm();
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1', WRITER_OVERLAP_NOTES: 'false' } });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(4) }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);
    expect(llm.maxInFlight).toBe(1);
    // Reading order: a chapter's parts, then its notes, then the next chapter.
    const order = llm.calls.map((c) => (c.task.kind === 'chapter-part' ? c.task.chapter.number : c.task.kind));
    const chapterOf = llm.calls.map((c) =>
      c.task.kind === 'chapter-part'
        ? c.task.chapter.number
        : c.task.kind === 'chapter-facts'
          ? c.task.chapterNumber
          : 0,
    );
    expect(chapterOf).toEqual([...chapterOf].sort((a, b) => a - b));
    // Notes for every chapter but the last, which no chapter reads.
    expect(order.filter((o) => o === 'chapter-facts')).toHaveLength(3);
    expect(llm.calls.at(-1)?.task.kind).toBe('chapter-part');
  });

  it("starts the next chapter while a chapter's notes are taken, and waits for them before its second part", async () => {
    // Chapter 1's notes are held until chapter 2's first part has been asked for: only a writer that
    // overlaps them gets there (at WRITER_CONCURRENCY=1 the slot is chapter 2's only way in).
    let releaseNotes = () => {};
    const notesHeld = new Promise<void>((resolve) => (releaseNotes = resolve));
    const llm = new FakeLlm({
      before: async (task) => {
        if (task.kind === 'chapter-facts' && task.chapterNumber === 1) await notesHeld;
        if (task.kind === 'chapter-part' && task.chapter.number === 2 && task.partNumber === 1) releaseNotes();
      },
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' } });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const partsOf = (n: number) =>
      llm.calls.filter((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === n);
    expect(partsOf(2).length).toBeGreaterThanOrEqual(2);
    const [first, second] = partsOf(2).map((c) => c.messages[1]?.content ?? '');
    // The first part picks up from chapter 1's ending, its notes not in yet…
    expect(first).toContain('How chapter 1 ends');
    expect(first).not.toContain('Fact from chapter 1');
    // …the second part waited for them.
    expect(second).toContain('Fact from chapter 1');
    expect(second).toContain('Summary of chapter 1');
    expect(second).not.toContain('How chapter 1 ends');
    // Never more than one chapter's text at a time; chapter 1's notes ran alongside chapter 2.
    expect(llm.maxPartsInFlight).toBe(1);
    expect(llm.maxInFlight).toBe(2);
    // Every chapter committed once, with its notes but the last, in the manuscript in reading order.
    const rows = await chapterRows();
    expect(rows.map((r) => r.chapter_number)).toEqual([1, 2, 3]);
    expect(rows.map((r) => r.facts.length)).toEqual([1, 1, 0]);
    expect(rows.map((r) => r.notes_taken)).toEqual([true, true, false]);
    const document = await manuscriptOf(world.books.completions[0]?.contentBlobKey ?? '');
    expect(headingsOf(document)).toEqual(fictionTitles(3).map((c) => `Chapter ${c.number}: ${c.title}`));
  });

  it('gives every part of a chapter the notes of at least as many earlier chapters as are out of its window', async () => {
    const llm = new FakeLlm({ latencyMs: 5 });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '3' } });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(9) }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);
    for (let n = 1; n <= 9; n += 1) {
      const parts = llm.calls.filter((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === n);
      for (const [i, call] of parts.entries()) {
        const prompt = call.messages[1]?.content ?? '';
        const known = [...prompt.matchAll(/Fact from chapter (\d+)/g)].map((m) => Number(m[1]));
        // Never a later chapter's facts, nor its own.
        expect(known.every((k) => k < n)).toBe(true);
        // From the second part on: the notes of every chapter whose text was done when it started, and at
        // most WRITER_CONCURRENCY - 1 others were still being written then.
        if (i > 0) expect(new Set(known).size).toBeGreaterThanOrEqual(n - 3);
      }
    }
  });

  it('extends a chapter that comes out too short', async () => {
    // Chapter 3's first parts come out at 60% of what was asked.
    const llm = new FakeLlm({
      lengthFactor: (task) =>
        task.chapter.number === 3 && task.partNumber <= task.partsTotal && task.partsTotal === 2 ? 0.6 : 1,
    });
    await world.startWriter({ llm });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const parts = plannedParts(book, fictionTitles(12));
    expect(llm.partCalls().get(3)).toBe(parts + 1);
    expect(llm.partCalls().get(4)).toBe(parts);
    const extension = llm.calls.find(
      (c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 3 && c.task.partNumber === parts + 1,
    );
    expect(extension?.messages[1]?.content).toContain('came out too short');
    const rows = await chapterRows();
    const [three, four] = [rows[2], rows[3]];
    expect(three?.parts).toBe(parts + 1);
    expect(three?.characters).toBeGreaterThan((four?.characters ?? 0) * 0.9);
  });

  it('writes a non-fiction book from its sections, objectives and key points', async () => {
    const llm = new FakeLlm();
    await world.startWriter({ llm });
    const book = world.books.addBrief(
      buildBrief({
        genre: 'self-help',
        bookType: 'non-fiction',
        title: 'Deep Hours',
        bookState: buildNonFictionState(),
      }),
    );
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);

    const document = await manuscriptOf(world.books.completions[0]?.contentBlobKey ?? '');
    expect(headingsOf(document)).toHaveLength(9);
    expect(headingsOf(document)[8]).toBe('Chapter 9: Practice 9');
    const prompt = llm.calls.find((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 4)?.messages[1]
      ?.content;
    expect(prompt).toContain('Section: Section 2: Objective of section 2');
    expect(prompt).toContain('- Start small');
    expect(prompt).toContain('Attention residue');
    expect(prompt).toContain('# The book so far');
  });

  it('lands a short book at 100 pages ± 15% with the offline provider, fiction and non-fiction', async () => {
    await world.startWriter({ llm: createOfflineProvider() });
    const novel = world.books.addBrief(buildBrief());
    const guide = world.books.addBrief(
      buildBrief({
        genre: 'business',
        bookType: 'non-fiction',
        title: 'Deep Hours',
        bookState: buildNonFictionState(),
      }),
    );
    await confirm(novel);
    await confirm(guide);
    await world.books.waitFor(() => world.books.completions.length === 2);

    for (const completion of world.books.completions) {
      const document = await manuscriptOf(completion.contentBlobKey);
      const pages = estimatePages(chapterCharacters(document));
      expect(completion.pages).toBe(pages);
      expect(pages).toBeGreaterThanOrEqual(85);
      expect(pages).toBeLessThanOrEqual(115);
      // The offline writer says so on the first page.
      expect(documentText(document).slice(0, 600).toLowerCase()).toContain('offline');
    }
  });

  it('resumes after a stop mid-book on a new instance: no chapter lost, none written twice', async () => {
    // The first instance's model never answers chapter 6; the test stops the writer while it waits.
    const first = new FakeLlm({
      before: (task, signal) =>
        task.kind === 'chapter-part' && task.chapter.number === 6 ? hangUntilAborted(signal) : undefined,
    });
    const writer = await world.startWriter({ llm: first, env: { WRITER_CONCURRENCY: '2' } });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);

    await world.books.waitFor(() =>
      first.calls.some((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 6),
    );
    await world.books.waitFor(() => world.chapterEvents.length >= 5);
    await world.stopWriter(writer);
    expect(first.inFlight).toBe(0);
    const before = await chapterRows();
    expect(before.map((r) => r.chapter_number)).not.toContain(6);
    expect(before.length).toBeGreaterThanOrEqual(5);

    // A new process: a new bus (the embedded bus forgets its events), the same database.
    await world.restartBus();
    const second = new FakeLlm();
    await world.startWriter({ llm: second, env: { WRITER_CONCURRENCY: '2' } });
    await world.books.waitFor(() => world.books.completions.length === 1);

    const rows = await chapterRows();
    expect(rows.map((r) => r.chapter_number)).toEqual(fictionTitles(12).map((c) => c.number));
    const parts = plannedParts(book, fictionTitles(12));
    for (const { number } of fictionTitles(12)) {
      const committedFirst = before.some((r) => r.chapter_number === number);
      // A finished chapter is never asked for again; an unfinished one is written whole by the second instance.
      expect(second.partCalls().get(number) ?? 0, `chapter ${number}`).toBe(committedFirst ? 0 : parts);
      if (committedFirst) expect(first.answeredParts(number), `chapter ${number}`).toBe(parts);
    }
    const counts = await world.database.db
      .selectFrom('written_chapters')
      .select(['chapter_number', sql<string>`count(*)`.as('n')])
      .groupBy('chapter_number')
      .execute();
    expect(counts.every((c) => Number(c.n) === 1)).toBe(true);
    expect(headingsOf(await manuscriptOf(world.books.completions[0]?.contentBlobKey ?? ''))).toHaveLength(12);
  });

  it('takes the missing notes of a committed chapter on resume before the later chapter that needs them', async () => {
    // What a run leaves when chapter 3's text was done (so chapter 2 skipped its notes: no later chapter was
    // left to read them) and chapter 3's commit then failed: chapter 2 committed without notes, chapter 3 not.
    const first = new FakeLlm({
      before: (task, signal) =>
        task.kind === 'chapter-part' && task.chapter.number === 3 ? hangUntilAborted(signal) : undefined,
    });
    const writer = await world.startWriter({ llm: first, env: { WRITER_CONCURRENCY: '1' } });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => world.chapterEvents.length >= 2);
    await world.stopWriter(writer);
    await world.database.db
      .updateTable('written_chapters')
      .set({ notes_taken: false, summary: 'The opening of chapter 2.', facts: JSON.stringify([]) })
      .where('chapter_number', '=', 2)
      .execute();

    await world.restartBus();
    const second = new FakeLlm();
    await world.startWriter({ llm: second, env: { WRITER_CONCURRENCY: '1' } });
    await world.books.waitFor(() => world.books.completions.length === 1);

    // Chapter 2's notes were taken once, chapter 1's (stored) and chapter 3's (the last) not at all.
    const notesFor = second.calls.flatMap((c) => (c.task.kind === 'chapter-facts' ? [c.task.chapterNumber] : []));
    expect(notesFor).toEqual([2]);
    const parts = second.calls.filter((c) => c.task.kind === 'chapter-part' && c.task.chapter.number === 3);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    // From its second part on, chapter 3 has them (and chapter 1's, from its row).
    for (const part of parts.slice(1)) {
      const prompt = part.messages[1]?.content ?? '';
      expect(prompt).toContain('Fact from chapter 1');
      expect(prompt).toContain('Fact from chapter 2');
      expect(prompt).toContain('Summary of chapter 2');
    }
    const rows = await chapterRows();
    expect(rows.map((r) => [r.chapter_number, r.notes_taken, r.facts.length])).toEqual([
      [1, true, 1],
      [2, true, 1],
      [3, false, 0],
    ]);
  });

  it('does not duplicate work when bookConfirmed is delivered again', async () => {
    const llm = new FakeLlm();
    await world.startWriter({ llm });
    const book = world.books.addBrief(buildBrief());
    await confirm(book, 1, 'confirm-1');
    await confirm(book, 1, 'confirm-1'); // the same message: dropped by the bus
    await confirm(book, 1); // the same confirmation delivered again under another id
    await world.books.waitFor(() => world.books.completions.length === 1);
    await eventually(async () => (await jobOf(book._id)).status === 'completed');
    // Once more after the book is done: the manuscript is offered again, and the book service, which
    // has it, does not apply it twice.
    await confirm(book, 1);
    await world.books.waitFor(() => world.books.completions.length === 2);

    const parts = plannedParts(book, fictionTitles(12));
    expect(llm.partCalls().size).toBe(12);
    for (const [chapter, calls] of llm.partCalls()) expect(calls, `chapter ${chapter}`).toBe(parts);
    expect((await chapterRows()).length).toBe(12);
    expect(world.books.completions.filter((c) => c.applied)).toHaveLength(1);
    expect(new Set(world.books.completions.map((c) => c.contentBlobKey)).size).toBe(1);
    // The snapshot's read and the check once it is stored; at most one more read by the redelivery, had it
    // run beside the first and lost the insert.
    expect(world.books.briefRequests.length).toBeLessThanOrEqual(3);
    const jobs = await world.database.db.selectFrom('writing_jobs').select('id').execute();
    expect(jobs).toHaveLength(1);
    const attempts = await world.database.db.selectFrom('writing_attempts').selectAll().execute();
    expect(attempts).toHaveLength(1);
  });

  it('records a readable failure when the AI keeps failing, and a later attempt resumes the same book', async () => {
    // The model is down from chapter 7 on; chapters are written one at a time.
    let down = true;
    const llm = new FakeLlm({
      before: (task) => {
        const chapter =
          task.kind === 'chapter-part' ? task.chapter.number : task.kind === 'chapter-facts' ? task.chapterNumber : 0;
        if (down && chapter >= 7) throw new LlmError('upstream 503', true);
      },
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1', WRITER_CHAPTER_ATTEMPTS: '3' } });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);

    await world.books.waitFor(() => world.books.failures.length === 1);
    expect(world.books.failures[0]).toEqual({
      bookId: book._id,
      step: 'writing',
      reason: 'The AI service did not answer. Retry to continue from chapter 7.',
    });
    expect(llm.partCalls().get(7)).toBe(3); // three tries of chapter 7, no further chapter started
    expect(llm.partCalls().get(8)).toBeUndefined();
    await eventually(async () => (await jobOf(book._id)).failure_reported);
    let job = await jobOf(book._id);
    expect(job.status).toBe('failed');
    expect((await chapterRows()).length).toBe(6);

    // The author presses retry: the book service sends attempt 2.
    down = false;
    world.books.retry(book._id);
    const callsBefore = new Map(llm.partCalls());
    await confirm(book, 2);
    await world.books.waitFor(() => world.books.completions.length === 1);
    expect(world.books.completions[0]?.contentBlobKey).toBe(`manuscripts/${book._id}/2.json`);
    for (const chapter of [1, 2, 3, 4, 5, 6]) expect(llm.partCalls().get(chapter)).toBe(callsBefore.get(chapter));
    await eventually(async () => (await jobOf(book._id)).status === 'completed');
    job = await jobOf(book._id);
    expect(job.first_attempt).toBe(1);
    expect(job.current_attempt).toBe(2);
    // The plan snapshot is the first attempt's (read, then checked once stored): the retry reads nothing.
    expect(world.books.briefRequests).toHaveLength(2);
    expect((await chapterRows()).length).toBe(12);
  });

  it('keeps a chapter whose notes cannot be extracted instead of writing it again', async () => {
    const llm = new FakeLlm({
      before: (task) => {
        if (task.kind === 'chapter-facts' && task.chapterNumber === 2) throw new LlmError('invalid JSON twice', false);
      },
    });
    await world.startWriter({ llm });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);
    const parts = plannedParts(book, fictionTitles(3));
    expect(llm.partCalls().get(2)).toBe(parts);
    const two = (await chapterRows())[1];
    expect(two?.facts).toEqual([]);
    expect(two?.summary.length).toBeGreaterThan(100);
  });

  it('gives up at once when the AI refuses the request', async () => {
    const llm = new FakeLlm({
      before: () => {
        throw new LlmError('401 invalid api key', false);
      },
    });
    await world.startWriter({ llm, env: { WRITER_CONCURRENCY: '1' } });
    const book = world.books.addBrief(buildBrief());
    await confirm(book);
    await world.books.waitFor(() => world.books.failures.length === 1);
    expect(world.books.failures[0]?.reason).toBe(failureReasons.aiRefused(1));
    expect(llm.partCalls().get(1)).toBe(1);
  });

  it('fails a book whose plan has no chapters without starting a job', async () => {
    await world.startWriter({ llm: new FakeLlm() });
    const state = buildFictionState();
    const book = world.books.addBrief(buildBrief({ bookState: { ...state, plotOutline: { acts: [] } } }));
    await confirm(book);
    await world.books.waitFor(() => world.books.failures.length === 1);
    expect(world.books.failures[0]?.reason).toBe(failureReasons.noChapters);
    expect(await world.database.db.selectFrom('writing_jobs').select('id').execute()).toHaveLength(0);
  });

  it('leaves a book it cannot commit while the database is away for the sweep, and never fails it', async () => {
    // What a PostgreSQL restart does to a commit: the server ends the session (SQLSTATE 57P01). A sequence
    // counts the refused commits, since the refusal rolls back everything else.
    await sql`create sequence outage_hits`.execute(world.database.db);
    await sql`create table outage (on_since timestamptz)`.execute(world.database.db);
    await sql`insert into outage values (now())`.execute(world.database.db);
    await sql`create function refuse_during_outage() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from outage) then
          perform nextval('outage_hits');
          raise exception 'terminating connection due to administrator command' using errcode = '57P01';
        end if;
        return new;
      end $$`.execute(world.database.db);
    await sql`create trigger refuse_during_outage before insert on written_chapters
      for each row execute function refuse_during_outage()`.execute(world.database.db);
    try {
      await world.startWriter({ llm: new FakeLlm(), tuning: { sweepMs: 100 } });
      const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
      await confirm(book);
      const hits = async () =>
        Number(
          (await sql<{ n: string }>`select last_value as n from outage_hits`.execute(world.database.db)).rows[0]?.n,
        );
      await eventually(async () => (await hits()) >= 2);
      await sql`delete from outage`.execute(world.database.db);

      await world.books.waitFor(() => world.books.completions.length === 1);
      expect(world.books.failures).toEqual([]);
      expect((await chapterRows()).map((r) => r.chapter_number)).toEqual([1, 2, 3]);
    } finally {
      await sql`drop trigger refuse_during_outage on written_chapters`.execute(world.database.db);
      await sql`drop table outage`.execute(world.database.db);
      await sql`drop sequence outage_hits`.execute(world.database.db);
    }
  });

  it('hands the manuscript over again later when the book service cannot take it', async () => {
    world.books.failNext.completeManuscript = 1;
    await world.startWriter({ llm: new FakeLlm(), tuning: { sweepMs: 100 } });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => world.books.completions.length === 1);
    expect(world.books.failNext.completeManuscript).toBe(0);
    await eventually(async () => (await jobOf(book._id)).status === 'completed');
  });

  it('takes over a job left by a writer that died, once its lease runs out', async () => {
    // A writer on another instance took the job, then vanished without releasing it.
    const hanging = new FakeLlm({ before: (_task, signal) => hangUntilAborted(signal) });
    const crashed = await world.startWriter({ llm: hanging, instanceId: 'crashed-instance' });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => hanging.calls.length > 0);
    await world.stopWriter(crashed);
    await world.database.db
      .updateTable('writing_jobs')
      .set({ lease_owner: 'crashed-instance', lease_expires_at: sql<Date>`now() + interval '600 milliseconds'` })
      .execute();

    const llm = new FakeLlm();
    await world.startWriter({ llm, tuning: { sweepMs: 100, leaseMs: 600 } });
    await world.books.waitFor(() => world.books.completions.length === 1);
    expect((await chapterRows()).length).toBe(3);
  });

  it('resumes at once after a crash when restarted under the same name', async () => {
    // What a killed process leaves: a job whose lease is still held, for a minute, by its own name.
    const hanging = new FakeLlm({ before: (_task, signal) => hangUntilAborted(signal) });
    const crashed = await world.startWriter({ llm: hanging, instanceId: 'writer-host-a' });
    const book = world.books.addBrief(buildBrief({ bookState: buildFictionState(3) }));
    await confirm(book);
    await world.books.waitFor(() => hanging.calls.length > 0);
    await world.stopWriter(crashed);
    await world.database.db
      .updateTable('writing_jobs')
      .set({ lease_owner: 'writer-host-a', lease_expires_at: sql<Date>`now() + interval '1 minute'` })
      .execute();

    // No sweep during the test: only the start-up resume can pick the job up.
    await world.startWriter({ llm: new FakeLlm(), instanceId: 'writer-host-a', tuning: { sweepMs: 600_000 } });
    await world.books.waitFor(() => world.books.completions.length === 1);
  });

  it('answers its health request, saying who writes', async () => {
    await world.startWriter({ llm: new FakeLlm() });
    await expect(world.bus.request(requests.writer.health, {})).resolves.toEqual({ status: 'ok', llm: 'offline' });
  });

  it("streams a passage's rewrite over the bus: the deltas, then the whole text", async () => {
    await world.startWriter({ llm: createOfflineProvider() });
    const context = { title: 'T', genre: 'mystery', language: 'english', characters: [], chapterOutline: null };
    const received = [];
    for await (const delta of world.bus.stream(streams.writer.rewritePassage, {
      userId: 'u1',
      bookId: 'b1',
      text: 'The lamp burned. It was late.',
      instruction: 'shorter',
      context: { ...context, before: '', after: '' },
    }))
      received.push(delta);
    expect(received.at(-1)).toEqual({ type: 'done', text: '[Demo rewrite] The lamp burned.' });
    expect(received.slice(0, -1).every((delta) => delta.type === 'delta')).toBe(true);
    expect(received.length).toBeGreaterThan(1);
  });
});
