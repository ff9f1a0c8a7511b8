import { z } from 'zod';

// The structure of a book as planned by the system and edited by the author (spec §3 bookState).
// Text fields may be empty while the author edits; lengths are capped so a single PATCH cannot store
// megabytes of text in a plan.
const text = (max = 4_000) => z.string().trim().max(max);
const list = (max = 50, itemMax = 500) => z.array(z.string().trim().min(1).max(itemMax)).max(max);

export const WorldBuildingSchema = z.object({
  setting: text(),
  timePeriod: text(),
  culturalContext: text(),
  uniqueElements: list(),
});

export const ExpandedIdeaSchema = z.object({
  subGenre: text(200),
  emotionalTone: text(500),
  themes: list(),
  centralConflict: text(),
  worldBuilding: WorldBuildingSchema.optional(),
  narrativeStyle: text(1_000).optional(),
  keyTopics: list().optional(),
  learningObjectives: list().optional(),
});
export type ExpandedIdea = z.infer<typeof ExpandedIdeaSchema>;

export const CharacterSchema = z.object({
  name: text(200),
  role: text(500),
  arc: text(),
  personality: text(),
  backstory: text(),
});
export type Character = z.infer<typeof CharacterSchema>;

export const PlotChapterSchema = z.object({
  chapterNumber: z.number().int().positive(),
  title: text(300),
  purpose: text(),
  summary: text(),
});
export type PlotChapter = z.infer<typeof PlotChapterSchema>;

export const ActSchema = z.object({
  actNumber: z.number().int().positive(),
  description: text(),
  chapters: z.array(PlotChapterSchema).max(100),
});

export const PlotOutlineSchema = z.object({ acts: z.array(ActSchema).max(10) });

export const ResearchTopicSchema = z.object({
  title: text(300),
  query: text(1_000),
  summary: text(),
  tags: list(30, 100),
});

export const ContentChapterSchema = z.object({
  chapterNumber: z.number().int().positive(),
  title: text(300),
  summary: text(),
  keyPoints: list(30, 1_000),
});
export type ContentChapter = z.infer<typeof ContentChapterSchema>;

export const ContentSectionSchema = z.object({
  sectionNumber: z.number().int().positive(),
  title: text(300),
  objective: text(),
  chapters: z.array(ContentChapterSchema).max(100),
});

export const ContentOutlineSchema = z.object({
  structure: text(),
  sections: z.array(ContentSectionSchema).max(30),
});

export const FictionBookStateSchema = z.object({
  expandedIdea: ExpandedIdeaSchema,
  characters: z.array(CharacterSchema).max(60),
  plotOutline: PlotOutlineSchema,
});
export type FictionBookState = z.infer<typeof FictionBookStateSchema>;

export const NonFictionBookStateSchema = z.object({
  expandedIdea: ExpandedIdeaSchema,
  researches: z.object({ topics: z.array(ResearchTopicSchema).max(60) }),
  contentOutline: ContentOutlineSchema,
});
export type NonFictionBookState = z.infer<typeof NonFictionBookStateSchema>;

export const BookStateSchema = z.union([FictionBookStateSchema, NonFictionBookStateSchema]);
export type BookState = FictionBookState | NonFictionBookState;

export const isFictionState = (state: BookState): state is FictionBookState => 'plotOutline' in state;

/** The chapters to write, in reading order, whatever the book type. */
export function plannedChapters(
  state: BookState,
): { number: number; title: string; part: string; brief: string; keyPoints: string[] }[] {
  const chapters = isFictionState(state)
    ? state.plotOutline.acts.flatMap((act) =>
        act.chapters.map((c) => ({
          title: c.title,
          part: `Act ${act.actNumber}: ${act.description}`,
          brief: [c.purpose, c.summary].filter(Boolean).join('\n'),
          keyPoints: [] as string[],
        })),
      )
    : state.contentOutline.sections.flatMap((section) =>
        section.chapters.map((c) => ({
          title: c.title,
          part: `${section.title}: ${section.objective}`,
          brief: c.summary,
          keyPoints: c.keyPoints,
        })),
      );
  return chapters.map((c, index) => ({ number: index + 1, ...c }));
}
