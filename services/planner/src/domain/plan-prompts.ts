import { bookLanguages, genres, type BookType, type PlanRequest } from '@bookwright/contracts/http';
import type { ChatMessage } from '@bookwright/ai';

const languageName = (value: string) => bookLanguages.find((l) => l.value === value)?.label ?? value;
const genreName = (value: string) => genres.find((g) => g.value === value)?.label ?? value;

/** A standard ("short") book is about 100 pages ≈ 25,000 words: a dozen chapters of ~2,000 words. */
export const chapterRangeForSize = { short: { min: 10, max: 14 }, long: { min: 18, max: 24 } } as const;

const fictionShape = `{
  "expandedIdea": { "subGenre", "emotionalTone", "themes": [..], "centralConflict",
    "worldBuilding": { "setting", "timePeriod", "culturalContext", "uniqueElements": [..] }, "narrativeStyle" },
  "characters": [ { "name", "role", "arc", "personality", "backstory" } ],
  "plotOutline": { "acts": [ { "actNumber", "description",
    "chapters": [ { "chapterNumber", "title", "purpose", "summary" } ] } ] }
}`;

const nonFictionShape = `{
  "expandedIdea": { "subGenre", "emotionalTone", "themes": [..], "centralConflict", "keyTopics": [..], "learningObjectives": [..] },
  "researches": { "topics": [ { "title", "query", "summary", "tags": [..] } ] },
  "contentOutline": { "structure", "sections": [ { "sectionNumber", "title", "objective",
    "chapters": [ { "chapterNumber", "title", "summary", "keyPoints": [..] } ] } ] }
}`;

/** The planning conversation. The request is the author's own words: quoted as data, never as instructions. */
export function planMessages(request: PlanRequest, bookType: BookType): ChatMessage[] {
  const range = chapterRangeForSize[request.size];
  const language = languageName(request.language);
  const common = [
    `You are a senior book editor planning a ${bookType} book in the genre "${genreName(request.genre)}" for this audience: ${request.targetAudience}.`,
    `Write every text field of the plan in ${language}. Keep names of people and places natural for the story.`,
    `Plan ${range.min}–${range.max} chapters in total; every chapter will be about 2,000 words, so each needs enough substance.`,
    'Number chapters continuously across the whole book, starting at 1.',
    'Answer with one JSON object and nothing else.',
  ];
  const shape =
    bookType === 'fiction'
      ? [
          'Give the story three acts (setup, confrontation, resolution) with a clear arc for the protagonist.',
          'Create 4–8 characters with distinct voices, motives and arcs; every major character must matter to the plot.',
          'Each chapter has a purpose (what it changes in the story) and a summary of its events.',
          `Shape:\n${fictionShape}`,
        ]
      : [
          'Organise the book in 3–5 sections, each with a clear learning objective, and give every chapter 3–6 concrete key points.',
          'List 4–8 research topics a careful author would check, each with a search query and a short summary.',
          `Shape:\n${nonFictionShape}`,
        ];
  return [
    { role: 'system', content: [...common, ...shape].join('\n') },
    {
      role: 'user',
      content: [
        `Title: ${request.title}`,
        `Book language: ${language}`,
        `Target audience: ${request.targetAudience}`,
        'The author describes the book like this (between the markers):',
        '<<<',
        request.prompt,
        '>>>',
      ].join('\n'),
    },
  ];
}
