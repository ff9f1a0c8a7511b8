/**
 * A small phrase bank for one book language. The offline writer is a demo, not a translator: it composes
 * text from these native phrases and the plan's own words. Every prose template is in the present tense
 * and puts inserted names, objects and ideas where their form does not change (subject position, after a
 * colon, in quotes), so that inflected languages stay grammatical.
 *
 * Template syntax (see spintax.ts): `[a|b]` = one of the options, `{slot}` = a value from the plan.
 */
export interface LanguageBank {
  /** The notice on the first page of every offline book. */
  notice: string;
  /**
   * The editor's AI help without a model (rewrites, store metadata): marked as demo, in the book's language.
   * `cast` has the slot {names} (after a colon or a preposition that leaves them unchanged).
   */
  demo: {
    /** Marks a rewrite, in square brackets before the text. */
    rewrite: string;
    /** The sentence the "longer" preset adds. */
    longer: string;
    /** The sentence the "vivid" preset adds. */
    vivid: string;
    /** The last paragraph of an offline description. */
    description: string;
    cast: string;
    /** What the book is, when the plan gives no premise; also the subtitle's start. */
    fiction: string;
    nonFiction: string;
  };
  /** Labels, and the word for "and" (to split the author's prompt into topics). */
  words: { chapter: string; part: string; act: string; section: string; and: string };
  /** Opens the first part of a chapter; slot {title}. */
  opening: string;
  /** Story sentences; slots {hero}, {other} (character names), {element}, {theme}. */
  fiction: string[];
  /** Explanatory sentences; slots {point} (a key point), {topic} (the chapter title), {audience}. */
  nonFiction: string[];
  /** Abstract nouns, nominative: courage, trust, memory, … (≥ 6). */
  themes: string[];
  /** Emotional tones of a book (≥ 3). */
  tones: string[];
  /** Time periods (≥ 3). */
  periods: string[];
  /** Concrete story objects, nominative noun phrases (≥ 6). */
  elements: string[];
  /** First names that fit the language (≥ 8). */
  names: string[];
  /** protagonist, antagonist, mentor, ally, rival, witness (6, in this order). */
  roles: string[];
  /** Character traits as nouns (≥ 8). */
  traits: string[];
  /** Fiction chapter titles (≥ 12, distinct). */
  fictionTitles: string[];
  /** Angles of a non-fiction chapter, shown as "{topic}: {aspect}" (≥ 12, distinct). */
  aspects: string[];
  plan: {
    /** Fiction: slots {hero}, {title}. */
    conflict: string;
    /** Non-fiction: slots {title}, {audience}. */
    question: string;
    /** Slot {idea}: the first sentence of the author's prompt. */
    setting: string;
    /** Slot {audience}. */
    culture: string;
    style: string;
    /** Slot {name}. */
    backstory: string[];
    /** Three act descriptions; slot {hero}. */
    acts: [string, string, string];
    /** Slot {hero}. */
    purpose: string[];
    /** Slots {hero}, {other}, {element}. */
    summary: string[];
    /** Slots {sections}, {chapters}. */
    structure: string;
    /** Slot {topic}. */
    objective: string;
    /** Slot {topic}. */
    learning: string[];
    /** Research topic summary; slot {topic}. */
    research: string;
    /** Research query; slots {topic}, {audience}. */
    query: string;
    /** Non-fiction chapter summary; slots {topic} (the chapter title), {audience}. */
    chapterSummary: string;
    /** Non-fiction key points; slot {topic}: the section's topic. */
    keyPoints: string[];
    /** Summary of a written chapter; slots {number}, {title}. */
    factsSummary: string;
  };
}
