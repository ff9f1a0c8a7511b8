import { describe, expect, it } from 'vitest';
import {
  FictionBookStateSchema,
  NonFictionBookStateSchema,
  bookLanguages,
  bookTypeOf,
  genres,
  plannedChapters,
  type BookLanguage,
  type BookState,
  type Genre,
  type PlanRequest,
} from '@bookwright/contracts/http';
import { composePlan } from './compose-plan';

function planRequest(genre: Genre, language: BookLanguage, overrides: Partial<PlanRequest> = {}): PlanRequest {
  return {
    prompt:
      'A lighthouse keeper finds letters that predict storms, and must decide whether to warn the town, covering courage, family secrets and the sea.',
    title: 'The Keeper of Storms',
    language,
    targetAudience: 'adult readers who like quiet suspense',
    genre,
    size: 'short',
    ...overrides,
  };
}

async function plan(genre: Genre, language: BookLanguage, overrides: Partial<PlanRequest> = {}): Promise<BookState> {
  return composePlan(bookTypeOf(genre), planRequest(genre, language, overrides));
}

describe('the offline plan', () => {
  it.each(genres.map((g) => g.value))('composes a valid, complete plan for genre "%s"', async (genre) => {
    const state = await plan(genre, 'english');
    if (bookTypeOf(genre) === 'fiction') {
      const fiction = FictionBookStateSchema.parse(state);
      expect(fiction.expandedIdea.worldBuilding?.setting).toContain('lighthouse keeper');
      expect(fiction.expandedIdea.narrativeStyle).toBeTruthy();
      expect(fiction.characters.length).toBeGreaterThanOrEqual(4);
      expect(fiction.characters.length).toBeLessThanOrEqual(8);
      expect(new Set(fiction.characters.map((c) => c.name)).size).toBe(fiction.characters.length);
      expect(fiction.plotOutline.acts).toHaveLength(3);
      const chapters = fiction.plotOutline.acts.flatMap((a) => a.chapters);
      expect(chapters.map((c) => c.chapterNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect(new Set(chapters.map((c) => c.title)).size).toBe(12);
      expect(fiction.expandedIdea.centralConflict).toContain('The Keeper of Storms');
    } else {
      const nonFiction = NonFictionBookStateSchema.parse(state);
      expect(nonFiction.expandedIdea.keyTopics?.length).toBeGreaterThanOrEqual(4);
      expect(nonFiction.expandedIdea.learningObjectives?.length).toBeGreaterThanOrEqual(3);
      expect(nonFiction.researches.topics.length).toBeGreaterThanOrEqual(4);
      expect(nonFiction.researches.topics.length).toBeLessThanOrEqual(8);
      expect(nonFiction.contentOutline.structure).toBeTruthy();
      expect(nonFiction.contentOutline.sections.length).toBeGreaterThanOrEqual(3);
      expect(nonFiction.contentOutline.sections.length).toBeLessThanOrEqual(4);
      const chapters = nonFiction.contentOutline.sections.flatMap((s) => s.chapters);
      expect(chapters.map((c) => c.chapterNumber)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      for (const chapter of chapters) expect(chapter.keyPoints.length).toBeGreaterThanOrEqual(3);
      // Topics come from the author's own words.
      expect(nonFiction.expandedIdea.keyTopics).toEqual(expect.arrayContaining(['Family secrets']));
    }
    expect(plannedChapters(state)).toHaveLength(12);
  });

  it.each(bookLanguages.map((l) => l.value))('plans fiction and non-fiction in %s', async (language) => {
    const fiction = FictionBookStateSchema.parse(await plan('fantasy', language));
    const nonFiction = NonFictionBookStateSchema.parse(await plan('business', language));
    expect(fiction.plotOutline.acts.flatMap((a) => a.chapters)).toHaveLength(12);
    expect(nonFiction.contentOutline.sections.flatMap((s) => s.chapters)).toHaveLength(12);
  });

  it('writes plan labels in the book language', async () => {
    const czech = JSON.stringify(await plan('history', 'czech'));
    expect(czech).toContain('Oddíly:');
    expect(czech).toMatch(/[řěů]/);
    const polish = JSON.stringify(await plan('fantasy', 'polish'));
    expect(polish).toMatch(/[łżąę]/);
    const german = JSON.stringify(await plan('fantasy', 'german'));
    expect(german).toContain('Erzählt für diese Leser');
  });

  it('is deterministic, and varies with the request', async () => {
    expect(await plan('thriller', 'english')).toEqual(await plan('thriller', 'english'));
    expect(await plan('science', 'french')).toEqual(await plan('science', 'french'));
    expect(await plan('thriller', 'english', { title: 'Another Title' })).not.toEqual(
      await plan('thriller', 'english'),
    );
  });

  it("builds the plan from the author's prompt: its people, its places, its subject", async () => {
    const prompt =
      'Mara Quist keeps the lighthouse on Skellig. When her brother Tomas disappears in Dingle, Mara finds ' +
      'his letters in the lighthouse, and the letters predict storms.';
    const fiction = FictionBookStateSchema.parse(await plan('mystery', 'english', { prompt }));
    expect(fiction.characters.slice(0, 2).map((c) => c.name)).toEqual(['Mara Quist', 'Tomas']);
    expect(fiction.characters.length).toBeGreaterThanOrEqual(4);
    expect(fiction.expandedIdea.centralConflict).toContain('Mara Quist');
    expect(fiction.expandedIdea.worldBuilding?.setting).toContain('lighthouse on Skellig');
    expect(fiction.expandedIdea.worldBuilding?.uniqueElements).toEqual(['Skellig', 'Dingle', 'Lighthouse']);
    const chapters = fiction.plotOutline.acts.flatMap((a) => a.chapters);
    expect(chapters.filter((c) => c.chapterNumber % 3 === 1).map((c) => c.title)).toEqual([
      'Skellig',
      'Dingle',
      'Lighthouse',
      'Letters',
    ]);
    expect(new Set(chapters.map((c) => c.title)).size).toBe(12);
    expect(JSON.stringify(fiction.plotOutline)).toContain('Mara Quist');

    const nonFiction = NonFictionBookStateSchema.parse(
      await plan('travel', 'english', { prompt: 'A walking guide to Lisbon and Porto: trams, hills, and the coast.' }),
    );
    expect(nonFiction.expandedIdea.keyTopics).toEqual(expect.arrayContaining(['Lisbon', 'Porto']));
  });

  it('plans safely from any prompt: emoji, four scripts, 10,000 characters', async () => {
    const scripts = 'Zoë à Évora: Жизнь в Москве, Ελλάδα και θάλασσα, 東京の書店で古い地図 ';
    for (const prompt of ['😀'.repeat(500), '👩‍👩‍👧‍👦🇵🇱'.repeat(300), scripts.repeat(200).slice(0, 10_000)]) {
      for (const genre of ['fantasy', 'travel'] as const) {
        const state = await plan(genre, 'english', { prompt });
        expect(/\p{Cs}/u.test(JSON.stringify(state)), `${genre}: ${prompt.slice(0, 20)}`).toBe(false);
      }
    }
  });
});
