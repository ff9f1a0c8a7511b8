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
 *
 * Words are numbered and n-grams are paths in a numbered trie, so counting one is a few integer look-ups:
 * building and hashing a string per n-gram was a quarter of the writer's CPU while it wrote a book.
 */
export class PhraseCounts {
  readonly #minWords: number;
  readonly #maxWords: number;
  readonly #ignore = new Set<string>();
  readonly #words = new WordIds();
  readonly #trie = new NgramTrie();
  #totalWords = 0;

  constructor(options: Pick<OverusedPhraseOptions, 'minWords' | 'maxWords' | 'ignoreWords'> = {}) {
    this.#minWords = options.minWords ?? 3;
    this.#maxWords = options.maxWords ?? 5;
    for (const word of options.ignoreWords ?? [])
      for (const w of word.toLowerCase().match(WORD) ?? []) this.#ignore.add(w);
  }

  add(text: string): void {
    const words = this.#words;
    const trie = this.#trie;
    const ids: number[] = [];
    for (const clause of text.split(CLAUSE_BREAK)) {
      const found = clause.toLowerCase().match(WORD);
      if (!found) continue;
      this.#totalWords += found.length;
      ids.length = 0;
      for (const w of found) ids.push(words.id(w, this.#ignore));
      for (let start = 0; start < ids.length; start += 1) {
        // Every n-gram starting here is a prefix of the longest one: walk it once, counting from minWords on.
        let node = ROOT;
        let allShort = true;
        const end = Math.min(ids.length, start + this.#maxWords);
        for (let at = start; at < end; at += 1) {
          const id = ids[at]!;
          // A phrase holding an ignored word is skipped, and so is every longer one from the same start.
          if (words.ignored(id)) break;
          allShort &&= words.short(id);
          node = trie.child(node, id);
          if (at - start + 1 >= this.#minWords && !allShort) trie.count(node);
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
    const trie = this.#trie;
    // At least once: the trie also holds the words leading to an n-gram, which were never counted.
    const frequent = trie
      .countedAtLeast(Math.max(1, threshold))
      .map((node) => ({ node, count: trie.countOf(node), words: trie.depthOf(node), phrase: this.#phrase(node) }));
    // Longest first, so a shorter phrase that only occurs inside a kept longer one can be dropped.
    frequent.sort((a, b) => b.words - a.words || b.count - a.count || byLocale(a.phrase, b.phrase));
    const kept: (OverusedPhrase & { words: number })[] = [];
    // Kept phrases and the ones they cover, which cover further ones in turn.
    const accounted = new AccountedPhrases(trie);
    for (const entry of frequent) {
      // "took a deep" adds nothing next to "took a deep breath", nor does the next window of the same
      // repeated sentence ("kalter wind wehte über das" after "ein kalter wind wehte über"), unless it is
      // also common on its own.
      const covering = accounted.firstCovering(entry.node);
      accounted.add(entry.node, entry.count);
      if (covering !== undefined && entry.count < covering * 1.5) continue;
      kept.push({ phrase: entry.phrase, count: entry.count, words: entry.words });
    }
    kept.sort((a, b) => b.count - a.count || b.words - a.words || byLocale(a.phrase, b.phrase));
    return kept.slice(0, limit).map(({ phrase, count }) => ({ phrase, count }));
  }

  #phrase(node: number): string {
    return this.#trie
      .path(node)
      .map((id) => this.#words.word(id))
      .join(' ');
  }
}

// What String.prototype.localeCompare without arguments does, without making a collator on every call.
const byLocale = new Intl.Collator().compare;

/** Each distinct word gets a number, with what the counting needs to know about it. */
class WordIds {
  readonly #ids = new Map<string, number>();
  readonly #words: string[] = [];
  readonly #short: boolean[] = [];
  readonly #ignored: boolean[] = [];

  id(word: string, ignore: ReadonlySet<string>): number {
    let id = this.#ids.get(word);
    if (id === undefined) {
      id = this.#words.length;
      this.#ids.set(word, id);
      this.#words.push(word);
      this.#short.push(word.length <= SHORT_WORD);
      this.#ignored.push(ignore.has(word));
    }
    return id;
  }

  word(id: number): string {
    return this.#words[id]!;
  }

  short(id: number): boolean {
    return this.#short[id]!;
  }

  ignored(id: number): boolean {
    return this.#ignored[id]!;
  }
}

const ROOT = 0;
const NONE = -1;

/**
 * Word sequences as numbered nodes: a node is its parent's sequence plus one word. The children are found
 * through one open-addressing table keyed by (parent, word), in typed arrays, so a long book's million
 * n-grams cost a few megabytes and no objects.
 */
class NgramTrie {
  #size = 1;
  #parent = new Int32Array(1024);
  #word = new Int32Array(1024);
  #depth = new Int32Array(1024);
  #count = new Int32Array(1024);
  /** Node + 1 per slot (0: empty); the root is never a child. */
  #slots = new Int32Array(2048);

  /** The child of `node` through `word`, made if it is new. */
  child(node: number, word: number): number {
    const mask = this.#slots.length - 1;
    for (let slot = hashOf(node, word) & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]! - 1;
      if (held === NONE) return this.#make(node, word, slot);
      if (this.#parent[held] === node && this.#word[held] === word) return held;
    }
  }

  /** The child of `node` through `word`, or NONE. */
  find(node: number, word: number): number {
    const mask = this.#slots.length - 1;
    for (let slot = hashOf(node, word) & mask; ; slot = (slot + 1) & mask) {
      const held = this.#slots[slot]! - 1;
      if (held === NONE) return NONE;
      if (this.#parent[held] === node && this.#word[held] === word) return held;
    }
  }

  /** The node of a word sequence, or NONE when it was never seen. */
  lookUp(words: readonly number[], from = 0, to = words.length): number {
    let node = ROOT;
    for (let at = from; at < to && node !== NONE; at += 1) node = this.find(node, words[at]!);
    return node;
  }

  count(node: number): void {
    this.#count[node]! += 1;
  }

  countOf(node: number): number {
    return this.#count[node]!;
  }

  depthOf(node: number): number {
    return this.#depth[node]!;
  }

  /** Ancestor of `node` at `depth` (its first `depth` words). */
  ancestor(node: number, depth: number): number {
    let at = node;
    for (let d = this.#depth[node]!; d > depth; d -= 1) at = this.#parent[at]!;
    return at;
  }

  /** The words of `node`, first to last. */
  path(node: number): number[] {
    const words = new Array<number>(this.#depth[node]!);
    for (let at = node, i = words.length - 1; at !== ROOT; at = this.#parent[at]!, i -= 1) words[i] = this.#word[at]!;
    return words;
  }

  /** Nodes counted at least `threshold` times (threshold ≥ 1), in the order they were made. */
  countedAtLeast(threshold: number): number[] {
    const nodes: number[] = [];
    const count = this.#count;
    for (let node = 1; node < this.#size; node += 1) if (count[node]! >= threshold) nodes.push(node);
    return nodes;
  }

  #make(parent: number, word: number, slot: number): number {
    const node = this.#size;
    if (node === this.#parent.length) this.#growNodes();
    this.#size += 1;
    this.#parent[node] = parent;
    this.#word[node] = word;
    this.#depth[node] = this.#depth[parent]! + 1;
    this.#slots[slot] = node + 1;
    // At most half full, so probes stay short.
    if (this.#size * 2 > this.#slots.length) this.#growSlots();
    return node;
  }

  #growNodes(): void {
    const grown = (from: Int32Array) => {
      const to = new Int32Array(from.length * 2);
      to.set(from);
      return to;
    };
    this.#parent = grown(this.#parent);
    this.#word = grown(this.#word);
    this.#depth = grown(this.#depth);
    this.#count = grown(this.#count);
  }

  #growSlots(): void {
    const slots = new Int32Array(this.#slots.length * 2);
    const mask = slots.length - 1;
    for (let node = 1; node < this.#size; node += 1) {
      let slot = hashOf(this.#parent[node]!, this.#word[node]!) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = node + 1;
    }
    this.#slots = slots;
  }
}

function hashOf(node: number, word: number): number {
  let h = Math.imul(node, 0x9e3779b1) ^ Math.imul(word, 0x85ebca6b);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) ^ (h >>> 13);
}

/**
 * The phrases looked at so far, indexed so that "the first one that covers this phrase" is a few map
 * look-ups instead of a scan of every earlier phrase (which made a long book's chapters quadratic and
 * blocked the writer's event loop for seconds). A phrase A covers P when P is a run of A's words, or
 * when one's last words are the other's first words (k of them, 2 ≤ k < both lengths). Word runs are
 * trie nodes: every run of a counted phrase's words was itself walked where the phrase occurred.
 */
class AccountedPhrases {
  readonly #counts: number[] = [];
  /** Every run of words of each phrase → the first phrase holding it. */
  readonly #runs = new Map<number, number>();
  /** The first k words (2 ≤ k < length) → the first phrase starting with them; likewise the last k words. */
  readonly #heads = new Map<number, number>();
  readonly #tails = new Map<number, number>();

  constructor(private readonly trie: NgramTrie) {}

  add(node: number, count: number): void {
    const index = this.#counts.length;
    this.#counts.push(count);
    const words = this.trie.path(node);
    const first = (map: Map<number, number>, key: number) => {
      if (key !== NONE && !map.has(key)) map.set(key, index);
    };
    for (let start = 0; start < words.length; start += 1) {
      let run = ROOT;
      for (let end = start; end < words.length && run !== NONE; end += 1) {
        run = this.trie.find(run, words[end]!);
        first(this.#runs, run);
      }
    }
    for (let k = 2; k < words.length; k += 1) {
      first(this.#heads, this.trie.ancestor(node, k));
      first(this.#tails, this.trie.lookUp(words, words.length - k));
    }
  }

  /** The count of the earliest added phrase that covers `node`, as a scan in insertion order would find it. */
  firstCovering(node: number): number | undefined {
    const words = this.trie.path(node);
    let best = this.#runs.get(node) ?? Infinity;
    for (let k = 2; k < words.length; k += 1) {
      // An earlier phrase ending with this one's first k words, or starting with its last k words; both
      // maps only hold k shorter than that phrase, as the overlap needs.
      best = Math.min(
        best,
        this.#tails.get(this.trie.ancestor(node, k)) ?? Infinity,
        this.#heads.get(this.trie.lookUp(words, words.length - k)) ?? Infinity,
      );
    }
    return best === Infinity ? undefined : this.#counts[best];
  }
}
