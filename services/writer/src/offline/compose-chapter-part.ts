import type { BookLanguage } from '@bookwright/contracts/http';
import {
  bankFor,
  castFor,
  hashString,
  parseTemplate,
  Random,
  renderVariant,
  variantCount,
  type Slots,
  type Template,
} from '@bookwright/offline';
import { countWords } from '@bookwright/contracts/text';
import type { ChapterPartTask } from '../domain/llm-tasks';

/** The notice that opens every offline book, in the book's language. */
export function offlineNotice(language: BookLanguage): string {
  return bankFor(language).notice;
}

// After opening quotes and dashes, but not after an apostrophe (Dutch ’s Ochtends stays lower case).
const capitaliseFirst = (text: string) =>
  text.replace(
    /^([\s"“”„«»‹›¿¡(—–-]*)(\p{L})/u,
    (_, lead: string, letter: string) => lead + letter.toLocaleUpperCase(),
  );

const stripEndPunctuation = (text: string) => text.trim().replace(/[\s.!?;:,…]+$/u, '');

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b];
  return a;
}

/**
 * Walks the numbered combinations of one template in a seeded order. Index `k` maps to a distinct
 * combination for every k < total (an affine permutation modulo total); each part of a chapter gets its own
 * range of indexes, so no two parts of one chapter produce the same sentence.
 */
class TemplateWalk {
  readonly total: number;
  private readonly step: number;
  private readonly shift: number;
  private cursor: number;
  private readonly end: number;

  constructor(
    readonly template: Template,
    private readonly slots: Slots,
    random: Random,
    part: number,
    parts: number,
  ) {
    this.total = Math.max(1, variantCount(template, slots));
    let step = 1 + Math.floor(random.next() * Math.max(1, this.total - 1));
    while (gcd(step, this.total) !== 1) step += 1;
    this.step = step % this.total || 1;
    this.shift = Math.floor(random.next() * this.total);
    const range = Math.floor(this.total / parts);
    this.cursor = (part - 1) * range;
    this.end = part === parts ? this.total : part * range;
  }

  get exhausted(): boolean {
    return this.cursor >= this.end;
  }

  /** The next combination of this part's range (past the end it wraps, and may repeat). */
  next(): string {
    const k = this.cursor % this.total;
    this.cursor += 1;
    return renderVariant(this.template, this.slots, (((k * this.step) % this.total) + this.shift) % this.total);
  }
}

/** Sets one longer word of a sentence in *emphasis*, the way a writer occasionally stresses a word. */
function emphasise(sentence: string, random: Random): string {
  const words = [...sentence.matchAll(/(?<=\s)\p{L}{6,}(?=[\s,.;:!?])/gu)];
  if (words.length === 0) return sentence;
  const match = random.pick(words);
  const at = match.index;
  return `${sentence.slice(0, at)}*${match[0]}*${sentence.slice(at + match[0].length)}`;
}

/**
 * Composes one part of a chapter: about `targetWords` words in the book's language, from the bank's
 * templates filled with the book's cast or the chapter's key points, opening with the chapter's title and
 * brief. Part 1 of chapter 1 starts with the offline notice.
 */
export function composeChapterPart(task: ChapterPartTask): string {
  const { book, chapter } = task;
  const bank = bankFor(book.language);
  const fiction = book.bookType === 'fiction';
  // The chapter seed is shared by all parts of a chapter (one walk through the combinations); the part
  // seed varies paragraph shapes and emphasis.
  const chapterSeed = hashString(
    ['chapter', book.title, book.language, book.genre, chapter.number, chapter.title].join('\u0000'),
  );
  const chapterRandom = new Random(chapterSeed);
  const random = new Random(hashString([chapterSeed, task.partNumber, task.targetWords].join(':')));

  const points = chapter.keyPoints.map(stripEndPunctuation).filter(Boolean);
  const briefSentences = chapter.brief
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && countWords(s) <= 60);

  let slots: Slots;
  if (fiction) {
    const cast = (book.characterNames ?? []).map((n) => n.trim()).filter(Boolean);
    const names = cast.length >= 2 ? cast : castFor(book, bank);
    // Disjoint groups, so that no sentence has someone looking at themselves.
    const heroes = Math.max(1, Math.min(3, Math.floor(names.length / 2)));
    slots = {
      hero: names.slice(0, heroes),
      other: names.slice(heroes),
      element: bank.elements,
      theme: bank.themes,
    };
  } else {
    // The brief's short sentences count as points too: more to say, and more distinct sentences.
    const briefPoints = briefSentences.map(stripEndPunctuation).filter((s) => countWords(s) <= 25);
    const allPoints = [...new Set([...points, ...briefPoints])];
    slots = {
      point: allPoints.length > 0 ? allPoints : [stripEndPunctuation(chapter.title)],
      topic: [chapter.title.trim()],
      audience: [book.targetAudience.trim()],
    };
  }
  const partsTotal = Math.max(1, task.partsTotal);
  const part = Math.min(Math.max(1, task.partNumber), partsTotal);
  // Walk seeds come from the chapter, not the part: all parts walk the same permutation, in disjoint ranges.
  const walks = (fiction ? bank.fiction : bank.nonFiction).map(
    (source) => new TemplateWalk(parseTemplate(source), slots, chapterRandom, part, partsTotal),
  );

  const target = Math.max(1, task.targetWords);
  const used = new Set<string>();
  const sentences: string[] = [];
  let words = 0;
  const noticeParagraph =
    chapter.number === 1 && task.partNumber === 1 ? `*${stripEndPunctuation(bank.notice)}.*` : undefined;
  if (noticeParagraph) words += countWords(noticeParagraph);

  const add = (sentence: string) => {
    used.add(sentence);
    sentences.push(sentence);
    words += countWords(sentence);
  };

  if (task.partNumber === 1) add(capitaliseFirst(renderOpening(bank.opening, chapter.title, random)));
  // The brief is spread over the parts so that each of its sentences appears once in the chapter.
  briefSentences.forEach((sentence, index) => {
    if (index % partsTotal === part - 1 && words + countWords(sentence) <= target * 0.5 && !used.has(sentence)) {
      add(sentence);
    }
  });

  let previous: TemplateWalk | undefined;
  let misses = 0;
  while (words < target) {
    // Templates are chosen evenly (not by how many combinations they have), never twice in a row; once
    // this part's ranges run out (a huge target), repeating beats looping forever.
    const fresh = walks.filter((w) => !w.exhausted);
    const freshOthers = fresh.filter((w) => w !== previous);
    const others = walks.filter((w) => w !== previous);
    const walk = random.pick(
      freshOthers.length > 0 ? freshOthers : fresh.length > 0 ? fresh : others.length > 0 ? others : walks,
    );
    const text = capitaliseFirst(walk.next().replace(/\s+/g, ' ').trim());
    const length = countWords(text);
    const desperate = fresh.length === 0 || misses > 200;
    if (!desperate && used.has(text)) {
      misses += 1;
      continue;
    }
    if (words + length > target * 1.05) {
      if (words >= target * 0.95) break;
      if (!desperate && words + length > target * 1.08) {
        misses += 1;
        continue;
      }
    }
    misses = 0;
    previous = walk;
    add(random.next() < 0.12 ? emphasise(text, random) : text);
  }

  const paragraphs: string[] = noticeParagraph ? [noticeParagraph] : [];
  for (let i = 0; i < sentences.length;) {
    const size = random.int(3, 6);
    paragraphs.push(sentences.slice(i, i + size).join(' '));
    i += size;
  }
  return paragraphs.join('\n\n');
}

function renderOpening(source: string, title: string, random: Random): string {
  const template = parseTemplate(source);
  const count = variantCount(template, { title: [title.trim()] });
  return renderVariant(template, { title: [title.trim()] }, Math.floor(random.next() * count));
}
