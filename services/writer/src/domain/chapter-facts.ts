import { z } from 'zod';

/**
 * What the writer keeps of a written chapter for the running story bible: a short summary and the facts
 * later chapters must not contradict (names, places, decisions, what changed). Shared by every provider.
 */
export const ChapterFactsSchema = z.object({
  summary: z.string(),
  facts: z.array(z.string()),
});
export type ChapterFacts = z.infer<typeof ChapterFactsSchema>;
