import type {
  Character,
  ContentChapter,
  ExpandedIdea,
  FictionBookState,
  NonFictionBookState,
  PlotChapter,
} from '../entities/book/book-state';

/*
 * The plans the web app's tests and the browser tests show: "The Keeper of Letters" (fiction) and a
 * sourdough guide (non-fiction), each as a short plan the component tests read line by line and as the
 * fuller plan the screenshots show. The builders number the chapters (and sections) in reading order,
 * so a preset lists only its words.
 */

export interface ActPlan {
  description: string;
  chapters: Array<Omit<PlotChapter, 'chapterNumber'>>;
}

export interface SectionPlan {
  title: string;
  objective: string;
  chapters: Array<Omit<ContentChapter, 'chapterNumber'>>;
}

/** A fiction plan whose acts and chapters are numbered from 1 in reading order. */
export function fictionPlanOf(expandedIdea: ExpandedIdea, characters: Character[], acts: ActPlan[]): FictionBookState {
  let chapterNumber = 0;
  return {
    expandedIdea,
    characters,
    plotOutline: {
      acts: acts.map(({ description, chapters }, i) => ({
        actNumber: i + 1,
        description,
        chapters: chapters.map((chapter) => ({ chapterNumber: ++chapterNumber, ...chapter })),
      })),
    },
  };
}

/** A non-fiction plan whose sections and chapters are numbered from 1 in reading order. */
export function nonFictionPlanOf(
  expandedIdea: ExpandedIdea,
  researches: NonFictionBookState['researches'],
  structure: string,
  sections: SectionPlan[],
): NonFictionBookState {
  let chapterNumber = 0;
  return {
    expandedIdea,
    researches,
    contentOutline: {
      structure,
      sections: sections.map(({ chapters, ...section }, i) => ({
        sectionNumber: i + 1,
        ...section,
        chapters: chapters.map((chapter) => ({ chapterNumber: ++chapterNumber, ...chapter })),
      })),
    },
  };
}

/** The Keeper of Letters in 3 chapters over 2 acts, with Mara and Jonah: what the web app's tests read. */
export function shortFictionPlan(): FictionBookState {
  return fictionPlanOf(
    {
      subGenre: 'Literary mystery',
      emotionalTone: 'Calm and curious',
      themes: ['Memory', 'Loss'],
      centralConflict: 'Mara must decide what to do with the letters.',
      worldBuilding: { setting: 'An island', timePeriod: 'Today', culturalContext: '', uniqueElements: ['A map'] },
      narrativeStyle: 'Third person',
    },
    [
      { name: 'Mara', role: 'Protagonist', arc: 'Doubt → trust', personality: 'Patient', backstory: 'Grew up here.' },
      { name: 'Jonah', role: 'Ally', arc: 'Fear → courage', personality: 'Loyal', backstory: 'A sailor.' },
    ],
    [
      {
        description: 'It begins.',
        chapters: [
          { title: 'Night Watch', purpose: 'Open', summary: 'Mara finds a letter.' },
          { title: 'The Letter', purpose: 'Turn', summary: 'She reads it.' },
        ],
      },
      { description: 'It ends.', chapters: [{ title: 'Morning', purpose: 'Close', summary: 'The island learns.' }] },
    ],
  );
}

/** The Keeper of Letters in 11 chapters over 3 acts, with a cast of six: a plan as long as the screenshots want. */
export function screenshotFictionPlan(): FictionBookState {
  const cast = ['Mara', 'Jonah', 'Clara', 'Samuel', 'Iris', 'Leo'];
  const roles = ['Protagonist', 'Ally', 'Mentor', 'Antagonist', 'Witness', 'Rival'];
  let told = 0;
  // Each chapter's summary names the next of the cast, so the outline does not read as one line repeated.
  const act = (description: string, titles: string[]): ActPlan => ({
    description,
    chapters: titles.map((title) => ({
      title,
      purpose: `Raises the stakes for ${cast[0]}.`,
      summary: `${cast[++told % cast.length]} finds a letter never sent and cannot forget it.`,
    })),
  });
  return fictionPlanOf(
    {
      subGenre: 'Literary mystery',
      emotionalTone: 'Calm and curious',
      themes: ['Memory', 'Loss', 'Courage'],
      centralConflict: 'Mara must decide whether to keep the letters secret or let the island learn its past.',
      worldBuilding: {
        setting: 'A lighthouse on a windswept Baltic island',
        timePeriod: 'Late autumn, present day',
        culturalContext: 'A fishing community that remembers everything and forgives little.',
        uniqueElements: ['A letter never sent', 'A broken clock', 'An old map'],
      },
      narrativeStyle: 'Third person, past tense, close to Mara; short scenes, plain language.',
    },
    cast.map((name, i) => ({
      name,
      role: roles[i]!,
      arc: 'Doubt → trust',
      personality: 'Patient, proud',
      backstory: `${name} grew up far from here and never speaks of it.`,
    })),
    [
      act('The everyday world of Mara cracks open.', ['Night Watch', 'The First Letter', 'Old Debts']),
      act('Mara is tested, loses ground and makes a hard choice.', [
        'The Storm',
        'The Crossing',
        'The Return',
        'The Empty House',
        'What Remains',
      ]),
      act('The truth comes out and the island changes.', ['Low Tide', 'The Keeper', 'Letters Home', 'Morning']),
    ],
  );
}

/** The sourdough guide in one section of one chapter, with one research topic: what the web app's tests read. */
export function shortNonFictionPlan(): NonFictionBookState {
  return nonFictionPlanOf(
    {
      subGenre: 'Guide',
      emotionalTone: 'Warm',
      themes: ['Patience'],
      centralConflict: 'No time to bake.',
      keyTopics: ['Starters'],
      learningObjectives: ['Keep a starter alive'],
    },
    { topics: [{ title: 'Wild yeast', query: 'starter microbes', summary: 'Microbes.', tags: ['science'] }] },
    'Two parts.',
    [
      {
        title: 'The starter',
        objective: 'A starter in a week.',
        chapters: [{ title: 'Flour', summary: 'Day one.', keyPoints: ['Use rye'] }],
      },
    ],
  );
}

/** The sourdough guide in 3 chapters over 2 sections, with two research topics: the screenshots' plan. */
export function screenshotNonFictionPlan(): NonFictionBookState {
  return nonFictionPlanOf(
    {
      subGenre: 'Practical guide',
      emotionalTone: 'Warm and encouraging',
      themes: ['Patience', 'Craft'],
      centralConflict: 'Busy people believe sourdough needs hours they do not have.',
      keyTopics: ['Starters', 'Scheduling', 'Shaping'],
      learningObjectives: ['Keep a starter alive on ten minutes a day', 'Bake a loaf around a working week'],
    },
    {
      topics: [
        {
          title: 'Wild yeast',
          query: 'sourdough starter microbiology',
          summary: 'Which microbes make a starter rise and sour.',
          tags: ['science', 'starter'],
        },
        {
          title: 'Cold fermentation',
          query: 'retarding dough in the fridge',
          summary: 'How the fridge turns an afternoon into a schedule.',
          tags: ['timing'],
        },
      ],
    },
    'Three parts: the starter, the schedule, the bake.',
    [
      {
        title: 'The starter',
        objective: 'A healthy starter in a week.',
        chapters: [
          { title: 'Flour and water', summary: 'Day one.', keyPoints: ['Use rye', 'Keep it warm'] },
          { title: 'Feeding', summary: 'The daily habit.', keyPoints: ['Ratios'] },
        ],
      },
      {
        title: 'The schedule',
        objective: 'Fit baking around work.',
        chapters: [{ title: 'Weeknights', summary: 'Mix at night.', keyPoints: [] }],
      },
    ],
  );
}
