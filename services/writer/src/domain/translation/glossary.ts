import { isFictionState, type BookState } from '@bookwright/contracts/http';

export interface GlossaryEntry {
  term: string;
  kind: 'character' | 'place' | 'term';
}

const maxEntries = 80;

/**
 * The names a translation must keep the same in every chapter, from the plan: the cast, the setting and
 * the world's own things (fiction), the research topics and their tags (non-fiction). Every chapter's
 * prompt carries it, so chapters translated apart, in parallel or after a crash, agree.
 */
export function glossaryOf(plan: BookState | null): GlossaryEntry[] {
  if (!plan) return [];
  const entries: GlossaryEntry[] = [];
  const add = (term: string | undefined, kind: GlossaryEntry['kind']) => {
    const clean = term?.trim();
    if (!clean || clean.length > 80 || entries.some((e) => e.term.toLowerCase() === clean.toLowerCase())) return;
    entries.push({ term: clean, kind });
  };
  if (isFictionState(plan)) {
    for (const character of plan.characters) add(character.name, 'character');
    const world = plan.expandedIdea.worldBuilding;
    if (world) {
      add(world.setting.length <= 80 ? world.setting : undefined, 'place');
      for (const element of world.uniqueElements) add(element, 'term');
    }
  } else {
    for (const topic of plan.researches.topics) {
      add(topic.title, 'term');
      for (const tag of topic.tags) add(tag, 'term');
    }
  }
  for (const term of plan.expandedIdea.keyTopics ?? []) add(term, 'term');
  return entries.slice(0, maxEntries);
}
