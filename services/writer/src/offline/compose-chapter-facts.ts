import { truncateText } from '@bookwright/contracts/text';
import { bankFor, hashString, Random, renderRandom } from '@bookwright/offline';
import type { ChapterFacts } from '../domain/chapter-facts';
import type { ChapterFactsTask } from '../domain/llm-tasks';

/**
 * What a chapter establishes, read off the text itself: the first sentence of each paragraph (which is
 * where the composed prose puts names and objects), skipping the offline notice.
 */
export function composeChapterFacts(task: ChapterFactsTask): ChapterFacts {
  const bank = bankFor(task.language);
  const random = new Random(hashString(['facts', task.chapterNumber, task.chapterTitle, task.text.length].join(':')));
  const paragraphs = task.text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\*/g, '').trim())
    .filter((p) => p.length > 0 && !p.startsWith(bank.notice.slice(0, 20)));
  const firstSentences = paragraphs.map((p) => p.split(/(?<=[.!?…])\s+/)[0]?.trim() ?? '').filter((s) => s.length > 0);
  const facts = [...new Set(firstSentences)].slice(0, 5).map((s) => truncateText(s, 300, { wordBoundaryAfter: 1 }));
  const heading = renderRandom(
    bank.plan.factsSummary,
    { number: String(task.chapterNumber), title: task.chapterTitle.trim() },
    () => random.next(),
  );
  const summary = [heading, ...facts.slice(0, 2)].join(' ');
  return { summary: truncateText(summary, 1_000, { wordBoundaryAfter: 1 }), facts };
}
