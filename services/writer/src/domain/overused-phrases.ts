/**
 * Finds the phrases a model keeps repeating ("a shiver ran down", "took a deep breath") in the text
 * written so far, so the next prompts can ask it to avoid them. Computed locally, language-agnostic:
 * word n-grams of 3 to 5 words, counted within clauses (never across sentence punctuation), keeping
 * those that occur more often than a threshold that grows with the amount of text.
 */

export interface OverusedPhrase {
  phrase: string;
  count: number;
}

export interface OverusedPhraseOptions {
  /** Shortest and longest phrase in words. Default 3 and 5. */
  minWords?: number;
  maxWords?: number;
  /** A phrase must occur at least this often. Default 4. */
  minCount?: number;
  /** ...and at least once per this many words of text. Default 4,000. */
  wordsPerOccurrence?: number;
  /** Words that make a phrase uninteresting (character names, which recur by nature). Case-insensitive. */
  ignoreWords?: Iterable<string>;
  /** At most this many phrases, most frequent first. Default 12. */
  limit?: number;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
// Clause boundaries: sentence and clause punctuation, dashes, quotes and line breaks.
const CLAUSE_BREAK = /[.!?;:,()[\]{}"“”«»„—–…\n]+/u;

/** A phrase whose words are all this short is grammar ("and it was", "in the"), not style. */
const SHORT_WORD = 3;

export function findOverusedPhrases(texts: Iterable<string>, options: OverusedPhraseOptions = {}): OverusedPhrase[] {
  const counts = new PhraseCounts(options);
  for (const text of texts) counts.add(text);
  return counts.overused(options);
}

/**
 * The n-gram counts of the text written so far, added to a chapter at a time: a book's writer asks for
 * the overused phrases before every chapter, and counting all the chapters again each time made the
 * work grow with the square of the book (and blocked the embedded process's event loop for seconds).
 */
export class PhraseCounts {
  readonly #minWords: number;
  readonly #maxWords: number;
  readonly #ignore = new Set<string>();
  readonly #counts = new Map<string, number>();
  #totalWords = 0;

  constructor(options: Pick<OverusedPhraseOptions, 'minWords' | 'maxWords' | 'ignoreWords'> = {}) {
    this.#minWords = options.minWords ?? 3;
    this.#maxWords = options.maxWords ?? 5;
    for (const word of options.ignoreWords ?? [])
      for (const w of word.toLowerCase().match(WORD) ?? []) this.#ignore.add(w);
  }

  add(text: string): void {
    const counts = this.#counts;
    for (const clause of text.split(CLAUSE_BREAK)) {
      const words = clause.toLowerCase().match(WORD);
      if (!words) continue;
      this.#totalWords += words.length;
      // Running counts of short and ignored words, so each n-gram is checked in constant time.
      const shortBefore = [0];
      const ignoredBefore = [0];
      for (const [i, w] of words.entries()) {
        shortBefore.push(shortBefore[i]! + (w.length <= SHORT_WORD ? 1 : 0));
        ignoredBefore.push(ignoredBefore[i]! + (this.#ignore.has(w) ? 1 : 0));
      }
      for (let n = this.#minWords; n <= this.#maxWords; n += 1) {
        for (let start = 0; start + n <= words.length; start += 1) {
          const end = start + n;
          if (shortBefore[end]! - shortBefore[start]! === n || ignoredBefore[end]! - ignoredBefore[start]! > 0)
            continue;
          const key = words.slice(start, end).join(' ');
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
    }
  }

  /** The phrases over the threshold for the text added so far, most frequent first. */
  overused(options: Pick<OverusedPhraseOptions, 'minCount' | 'wordsPerOccurrence' | 'limit'> = {}): OverusedPhrase[] {
    const minCount = options.minCount ?? 4;
    const wordsPerOccurrence = options.wordsPerOccurrence ?? 4_000;
    const limit = options.limit ?? 12;
    const threshold = Math.max(minCount, Math.ceil(this.#totalWords / wordsPerOccurrence));
    const frequent = [...this.#counts]
      .filter(([, count]) => count >= threshold)
      .map(([phrase, count]) => ({ phrase, count, words: wordCount(phrase) }));
    // Longest first, so a shorter phrase that only occurs inside a kept longer one can be dropped.
    frequent.sort((a, b) => b.words - a.words || b.count - a.count || a.phrase.localeCompare(b.phrase));
    const kept: OverusedPhrase[] = [];
    // Kept phrases and the ones they cover, which cover further ones in turn.
    const accounted = new AccountedPhrases();
    for (const { phrase, count } of frequent) {
      // "took a deep" adds nothing next to "took a deep breath", nor does the next window of the same
      // repeated sentence ("kalter wind wehte über das" after "ein kalter wind wehte über"), unless it is
      // also common on its own.
      const covering = accounted.firstCovering(phrase);
      accounted.add({ phrase, count });
      if (covering && count < covering.count * 1.5) continue;
      kept.push({ phrase, count });
    }
    kept.sort(
      (a, b) => b.count - a.count || wordCount(b.phrase) - wordCount(a.phrase) || a.phrase.localeCompare(b.phrase),
    );
    return kept.slice(0, limit);
  }
}

/**
 * The phrases looked at so far, indexed so that "the first one that covers this phrase" is a few map
 * look-ups instead of a scan of every earlier phrase (which made a long book's chapters quadratic and
 * blocked the writer's event loop for seconds). A phrase A covers P when P is a run of A's words, or
 * when one's last words are the other's first words (k of them, 2 ≤ k < both lengths).
 */
class AccountedPhrases {
  readonly #all: OverusedPhrase[] = [];
  /** Every run of words of each phrase → the first phrase holding it. */
  readonly #runs = new Map<string, number>();
  /** The first k words (2 ≤ k < length) → the first phrase starting with them; likewise the last k words. */
  readonly #heads = new Map<string, number>();
  readonly #tails = new Map<string, number>();

  add(entry: OverusedPhrase): void {
    const index = this.#all.length;
    this.#all.push(entry);
    const words = entry.phrase.split(' ');
    const first = (map: Map<string, number>, key: string) => {
      if (!map.has(key)) map.set(key, index);
    };
    for (let start = 0; start < words.length; start += 1)
      for (let end = start + 1; end <= words.length; end += 1) first(this.#runs, words.slice(start, end).join(' '));
    for (let k = 2; k < words.length; k += 1) {
      first(this.#heads, words.slice(0, k).join(' '));
      first(this.#tails, words.slice(-k).join(' '));
    }
  }

  /** The earliest added phrase that covers `phrase`, as a scan in insertion order would find it. */
  firstCovering(phrase: string): OverusedPhrase | undefined {
    const words = phrase.split(' ');
    let best = this.#runs.get(phrase) ?? Infinity;
    for (let k = 2; k < words.length; k += 1) {
      // An earlier phrase ending with this one's first k words, or starting with its last k words; both
      // maps only hold k shorter than that phrase, as the overlap needs.
      best = Math.min(
        best,
        this.#tails.get(words.slice(0, k).join(' ')) ?? Infinity,
        this.#heads.get(words.slice(-k).join(' ')) ?? Infinity,
      );
    }
    return best === Infinity ? undefined : this.#all[best];
  }
}

function wordCount(phrase: string): number {
  return phrase.split(' ').length;
}
