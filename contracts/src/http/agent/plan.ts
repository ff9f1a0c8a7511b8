import { z } from 'zod';
import { BookLanguageSchema, GenreSchema } from '../../constants';
import { requiredText } from '../text-fields';

export const planMessages = {
  prompt: 'Please describe your book idea',
  title: 'Title is required',
  language: 'Please select a language',
  targetAudience: 'Target audience is required',
  genre: 'Please select a genre',
  size: 'Please select a book size',
  longComingSoon: 'Long books (150+ pages) are coming soon. Please choose Standard.',
  limitReached: 'You have reached the limit of books you can create this month',
  started: "Book planning started! You'll see it in the library when it is ready!",
} as const;

/**
 * POST /agent/plan — checked in the spec's order (prompt, title, language, target audience, genre, size);
 * zod reports issues in key order, so the first message is the first failing field.
 */
export const PlanRequestSchema = z.object({
  prompt: requiredText('Prompt', planMessages.prompt, 5_000),
  title: requiredText('Title', planMessages.title, 200),
  language: z.enum(BookLanguageSchema.options, { error: planMessages.language }),
  targetAudience: requiredText('Target audience', planMessages.targetAudience, 300),
  genre: z.enum(GenreSchema.options, { error: planMessages.genre }),
  size: z
    .string({ error: planMessages.size })
    .min(1, planMessages.size)
    .refine((v) => v !== 'long', planMessages.longComingSoon)
    .pipe(z.enum(['short'], { error: planMessages.size }))
    // Published as the enum it is: a string is taken first only so "long" can answer its own message.
    .meta({ enum: ['short'] }),
});
export type PlanRequest = z.infer<typeof PlanRequestSchema>;
