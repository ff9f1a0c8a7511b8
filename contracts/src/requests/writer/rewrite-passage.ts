import { z } from 'zod';
import { defineStream } from '../../bus/define-stream';
import { RewritePlanContextSchema, rewriteLimits } from '../../http/books/rewrite';

/** What the model writes, as it writes it, then the whole replacement once it is done. */
export const RewritePassageDeltaSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('delta'), text: z.string() }),
  z.object({ type: z.literal('done'), text: z.string() }),
]);
export type RewritePassageDelta = z.infer<typeof RewritePassageDeltaSchema>;

export const RewritePassageRequestSchema = z.object({
  userId: z.string(),
  bookId: z.string(),
  text: z.string().min(1).max(rewriteLimits.textChars),
  instruction: z.string().min(1).max(rewriteLimits.instructionChars),
  /** The plan's names and the chapter's outline (book.rewrite.context), and the paragraphs around the passage. */
  context: RewritePlanContextSchema.extend({
    before: z.string().max(rewriteLimits.contextChars),
    after: z.string().max(rewriteLimits.contextChars),
  }),
});
export type RewritePassageRequest = z.input<typeof RewritePassageRequestSchema>;

export const rewritePassageStream = defineStream({
  name: 'writer.passage.rewrite',
  version: 1,
  request: RewritePassageRequestSchema,
  delta: RewritePassageDeltaSchema,
  description:
    'POST /book/{id}/rewrite: the replacement of a passage, streamed as the model writes it (`delta` {text}…, then `done` {text}); the offline demo rewrite when no model is configured. Cancelling the stream stops the model.',
});
