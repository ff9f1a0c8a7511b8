import { describe, expect, it, vi } from 'vitest';
import { silentLogger } from '@bookwright/kit';
import { chapterBudgets, maxExtensionParts } from '../domain/length';
import { FakeLlm } from '../testing/fake-llm';
import { cleanPart, UsageMeter, writeChapter, type WriteChapterInput } from './write-chapter';

const chapter = {
  number: 3,
  total: 12,
  title: 'The Harbour',
  part: 'Act 1: Setup',
  brief: 'Ines arrives.',
  keyPoints: [],
};

function input(llm: FakeLlm): WriteChapterInput {
  const budgets = chapterBudgets(
    Array.from({ length: 12 }, (_, i) => ({ number: i + 1, heading: `Chapter ${i + 1}: The Harbour` })),
    'short',
  );
  const budget = budgets[2];
  if (!budget) throw new Error('no budget');
  return {
    llm,
    bookId: 'book-1',
    book: {
      title: 'The Dark Lighthouse',
      genre: 'mystery',
      bookType: 'fiction',
      language: 'english',
      targetAudience: 'adults',
    },
    characterNames: ['Ines Varga'],
    chapter,
    budget,
    continuityFor: () => ({
      bible: 'Bible.',
      establishedFacts: [],
      storySoFar: [],
      nextChapter: undefined,
      avoidPhrases: [],
    }),
    usage: new UsageMeter(),
    signal: new AbortController().signal,
    logger: silentLogger(),
  };
}

describe('writeChapter', () => {
  it('writes the parts in order, each continuing from the end of the previous one', async () => {
    const llm = new FakeLlm();
    const args = input(llm);
    const written = await writeChapter(args);
    const parts = llm.calls.filter((c) => c.task.kind === 'chapter-part');
    expect(parts).toHaveLength(args.budget.parts);
    const [first, second] = parts.map((c) => (c.task.kind === 'chapter-part' ? c.task : undefined));
    expect(first?.previousTail).toBe('');
    expect(second?.previousTail.length).toBeGreaterThan(0);
    expect(written.text).toContain(second?.previousTail.slice(-40) ?? '-');
    expect(first?.book.characterNames).toEqual(['Ines Varga']);
    expect(written.characters).toBeGreaterThanOrEqual(args.budget.targetChars * 0.9);
    expect(written.summary).toContain('Summary of chapter 3');
    expect(args.usage.calls).toBe(args.budget.parts + 1);
  });

  it('stops extending after a bounded number of parts when the model keeps writing short', async () => {
    const llm = new FakeLlm({ lengthFactor: () => 0.2 });
    const args = input(llm);
    const written = await writeChapter(args);
    expect(written.parts).toBe(args.budget.parts + maxExtensionParts);
    expect(written.characters).toBeLessThan(args.budget.targetChars * 0.9);
  });

  it('passes the abort signal to the model', async () => {
    const controller = new AbortController();
    const llm = new FakeLlm({ latencyMs: 10_000 });
    const writing = writeChapter({ ...input(llm), signal: controller.signal });
    // The first part's call is asked for once its continuity is in.
    await vi.waitFor(() => expect(llm.inFlight).toBe(1));
    controller.abort(new Error('stop'));
    await expect(writing).rejects.toThrow();
    expect(llm.calls[0]?.outcome).toBe('aborted');
  });
});

describe('cleanPart', () => {
  it('drops echoed headings, fences and continuation markers, keeping the prose', () => {
    const raw = '```markdown\n# Chapter 3: The Harbour\n\n**Chapter 3**\n\nThe boat came in late.\n\n(continued)\n```';
    expect(cleanPart(raw, chapter)).toBe('The boat came in late.');
    expect(cleanPart('The Harbour\nThe boat came in.', chapter)).toBe('The boat came in.');
  });

  it('keeps an opening line that is prose', () => {
    expect(cleanPart('At the harbour, nobody spoke.\n\nThen Ines did.', chapter)).toBe(
      'At the harbour, nobody spoke.\n\nThen Ines did.',
    );
    expect(cleanPart('“Chapter three of my life,” she said.', chapter)).toBe('“Chapter three of my life,” she said.');
  });
});
