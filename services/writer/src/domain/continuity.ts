import { isFictionState, type BookState } from '@bookwright/contracts/http';
import { truncateText } from '@bookwright/contracts/text';

/**
 * What keeps a long book consistent when it is written a chapter (or a part) per call: a story bible
 * built from the plan plus the facts established by the chapters written so far, and a rolling summary
 * of the story so far (the written chapters' own summaries where they exist, the plan's otherwise).
 */

/** A chapter that is written and committed: its summary and facts feed later chapters' prompts. */
export interface FinishedChapterNotes {
  number: number;
  title: string;
  summary: string;
  facts: string[];
}

export interface PlannedChapterNote {
  number: number;
  title: string;
  brief: string;
}

export interface StorySoFarEntry {
  number: number;
  title: string;
  summary: string;
  /** `written`: the summary of the chapter as written; `planned`: not written yet, the plan's summary. */
  source: 'written' | 'planned';
}

export interface ChapterContinuity {
  /** The plan's part of the bible, as prompt text. */
  bible: string;
  /** Facts established by earlier, finished chapters, oldest first. */
  establishedFacts: string[];
  storySoFar: StorySoFarEntry[];
  /** The plan of the next chapter, so this one does not run into it. */
  nextChapter: PlannedChapterNote | undefined;
  /** Phrases the text so far uses too often. */
  avoidPhrases: string[];
  /**
   * How the previous chapter ends, when its text is done but its notes are still being taken: what this
   * chapter picks up from until they are in.
   */
  previousChapterEnding?: string;
}

const limits = {
  field: 600,
  shortField: 300,
  summary: 700,
  fact: 240,
  /** Most recent facts kept in a prompt; older ones are usually reflected in the summaries. */
  facts: 80,
  /** The whole story-so-far section, characters; the oldest summaries are shortened first. */
  storySoFar: 12_000,
} as const;

export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  return truncateText(clean, max, { wordBoundaryAfter: 0.6 });
}

const line = (label: string, value: string | undefined, max: number = limits.field): string[] =>
  value && value.trim() ? [`${label}: ${clip(value, max)}`] : [];
const listLine = (label: string, values: string[] | undefined): string[] =>
  values && values.length > 0 ? [`${label}: ${values.map((v) => clip(v, limits.shortField)).join('; ')}`] : [];

/** The plan's part of the story bible: premise, tone, characters and world (fiction) or topics (non-fiction). */
export function storyBible(state: BookState): string {
  const idea = state.expandedIdea;
  const sections: string[] = [];
  sections.push(
    [
      ...line('Sub-genre', idea.subGenre),
      ...line('Emotional tone', idea.emotionalTone),
      ...listLine('Themes', idea.themes),
      ...line(isFictionState(state) ? 'Central conflict' : 'Central problem', idea.centralConflict),
      ...line('Narrative style', idea.narrativeStyle),
      ...listLine('Key topics', idea.keyTopics),
      ...listLine('Learning objectives', idea.learningObjectives),
    ].join('\n'),
  );
  if (isFictionState(state)) {
    if (state.characters.length > 0) {
      sections.push(
        [
          'Characters:',
          ...state.characters.map((c) => {
            const traits = [
              c.role && clip(c.role, limits.shortField),
              c.personality && `personality: ${clip(c.personality, limits.shortField)}`,
              c.backstory && `backstory: ${clip(c.backstory, limits.shortField)}`,
              c.arc && `arc: ${clip(c.arc, limits.shortField)}`,
            ].filter(Boolean);
            return `- ${c.name}${traits.length > 0 ? ` — ${traits.join('; ')}` : ''}`;
          }),
        ].join('\n'),
      );
    }
    const world = idea.worldBuilding;
    if (world) {
      sections.push(
        [
          'World:',
          ...line('Setting', world.setting),
          ...line('Time period', world.timePeriod),
          ...line('Cultural context', world.culturalContext),
          ...listLine('Unique elements', world.uniqueElements),
        ].join('\n'),
      );
    }
  } else {
    if (state.contentOutline.structure.trim())
      sections.push(line('Structure of the book', state.contentOutline.structure).join(''));
    if (state.researches.topics.length > 0) {
      sections.push(
        [
          'Research notes:',
          ...state.researches.topics.map(
            (t) =>
              `- ${clip(t.title, limits.shortField)}${t.summary ? `: ${clip(t.summary, limits.field)}` : ''}${
                t.tags.length > 0 ? ` [${t.tags.join(', ')}]` : ''
              }`,
          ),
        ].join('\n'),
      );
    }
  }
  return sections.filter((s) => s.trim() !== '').join('\n\n');
}

/**
 * The continuity material for chapter `number`, from what is finished when it starts: written chapters
 * contribute their summaries and facts, chapters not written yet (in flight, or later) their plan.
 * Only earlier chapters count, so a chapter is never told what happens after it.
 */
export function chapterContinuity(input: {
  number: number;
  bible: string;
  planned: PlannedChapterNote[];
  finished: ReadonlyMap<number, FinishedChapterNotes>;
  avoidPhrases: string[];
  previousChapterEnding?: string;
}): ChapterContinuity {
  const earlier = input.planned.filter((c) => c.number < input.number).sort((a, b) => a.number - b.number);
  const storySoFar = earlier.map((c): StorySoFarEntry => {
    const written = input.finished.get(c.number);
    return written
      ? { number: c.number, title: c.title, summary: clip(written.summary, limits.summary), source: 'written' }
      : { number: c.number, title: c.title, summary: clip(c.brief, limits.summary), source: 'planned' };
  });
  shortenOldest(storySoFar, limits.storySoFar);
  const facts = dedupe(
    earlier.flatMap((c) => input.finished.get(c.number)?.facts ?? []).map((f) => clip(f, limits.fact)),
  );
  return {
    bible: input.bible,
    establishedFacts: facts.slice(-limits.facts),
    storySoFar,
    nextChapter: input.planned.find((c) => c.number === input.number + 1),
    avoidPhrases: input.avoidPhrases,
    ...(input.previousChapterEnding ? { previousChapterEnding: input.previousChapterEnding } : {}),
  };
}

function shortenOldest(entries: StorySoFarEntry[], budget: number): void {
  let total = entries.reduce((sum, e) => sum + e.summary.length, 0);
  for (const entry of entries) {
    if (total <= budget) return;
    const shorter = clip(entry.summary, 160);
    total -= entry.summary.length - shorter.length;
    entry.summary = shorter;
  }
}

function dedupe(items: string[]): string[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = item.toLowerCase();
    if (!item || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
