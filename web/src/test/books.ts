import type { Book, FictionBookState, NonFictionBookState } from '@bookwright/contracts/http';
import { buildBook, summaryOf } from '@bookwright/contracts/testing';
import { sampleUser } from './utils';

export const starterUser = { ...sampleUser, accountType: 'starter', booksLeftThisMonth: 9 } as const;

export function fictionState(): FictionBookState {
  return {
    expandedIdea: {
      subGenre: 'Literary mystery',
      emotionalTone: 'Calm and curious',
      themes: ['Memory', 'Loss'],
      centralConflict: 'Mara must decide what to do with the letters.',
      worldBuilding: { setting: 'An island', timePeriod: 'Today', culturalContext: '', uniqueElements: ['A map'] },
      narrativeStyle: 'Third person',
    },
    characters: [
      { name: 'Mara', role: 'Protagonist', arc: 'Doubt → trust', personality: 'Patient', backstory: 'Grew up here.' },
      { name: 'Jonah', role: 'Ally', arc: 'Fear → courage', personality: 'Loyal', backstory: 'A sailor.' },
    ],
    plotOutline: {
      acts: [
        {
          actNumber: 1,
          description: 'It begins.',
          chapters: [
            { chapterNumber: 1, title: 'Night Watch', purpose: 'Open', summary: 'Mara finds a letter.' },
            { chapterNumber: 2, title: 'The Letter', purpose: 'Turn', summary: 'She reads it.' },
          ],
        },
        {
          actNumber: 2,
          description: 'It ends.',
          chapters: [{ chapterNumber: 3, title: 'Morning', purpose: 'Close', summary: 'The island learns.' }],
        },
      ],
    },
  };
}

export function nonFictionState(): NonFictionBookState {
  return {
    expandedIdea: {
      subGenre: 'Guide',
      emotionalTone: 'Warm',
      themes: ['Patience'],
      centralConflict: 'No time to bake.',
      keyTopics: ['Starters'],
      learningObjectives: ['Keep a starter alive'],
    },
    researches: {
      topics: [{ title: 'Wild yeast', query: 'starter microbes', summary: 'Microbes.', tags: ['science'] }],
    },
    contentOutline: {
      structure: 'Two parts.',
      sections: [
        {
          sectionNumber: 1,
          title: 'The starter',
          objective: 'A starter in a week.',
          chapters: [{ chapterNumber: 1, title: 'Flour', summary: 'Day one.', keyPoints: ['Use rye'] }],
        },
      ],
    },
  };
}

/** The shared book fixture with the plan these tests read (Mara, Jonah and Iris). */
export function makeBook(overrides: Partial<Book> = {}): Book {
  return buildBook({
    title: 'The Keeper of Letters',
    prompt: 'A lighthouse keeper finds letters.',
    bookState: fictionState(),
    ...overrides,
  });
}

export const summary = summaryOf;
