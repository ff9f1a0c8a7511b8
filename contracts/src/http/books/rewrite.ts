import { z } from 'zod';

export const rewriteInstructions = ['shorter', 'longer', 'vivid', 'simpler', 'grammar'] as const;
export const rewriteLimits = { textChars: 8_000, contextChars: 6_000, instructionChars: 500 } as const;

/**
 * POST /book/{id}/rewrite. `instruction` is one of the presets or the author's own words; `before` and
 * `after` are the paragraphs around the selection, as the editor has them.
 */
export const RewriteRequestSchema = z.object({
  text: z.string().trim().min(1, 'Select some text to rewrite').max(rewriteLimits.textChars),
  instruction: z.string().trim().min(1, 'Say how to rewrite it').max(rewriteLimits.instructionChars),
  before: z.string().max(rewriteLimits.contextChars).optional().default(''),
  after: z.string().max(rewriteLimits.contextChars).optional().default(''),
});
export type RewriteRequest = z.input<typeof RewriteRequestSchema>;

/** What a rewrite knows of the book's plan (book.rewrite.context): names and tone for the model. */
export const RewritePlanContextSchema = z.object({
  title: z.string(),
  genre: z.string(),
  language: z.string(),
  characters: z.array(z.object({ name: z.string(), role: z.string() })),
  chapterOutline: z.string().nullable(),
});

/** The SSE events of a rewrite: `delta` {text}…, then `done` {text} or `error` {msg}. */
export const rewriteMessages = {
  failed: 'The rewrite failed. Your text is unchanged.',
} as const;
