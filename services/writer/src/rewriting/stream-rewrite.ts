import type { LlmProvider } from '@bookwright/ai';
import { BookLanguageSchema } from '@bookwright/contracts/http';
import { type RewritePassageDelta } from '@bookwright/contracts/bus';
import { composeRewrite } from './compose-rewrite';
import { rewritePrompt, type RewriteContext } from './rewrite-prompt';

/**
 * Streams the model's replacement as `delta`s and ends with `done` (the whole text). Errors are the
 * caller's: nothing is sent after a failure, so the requester hears one error.
 */
export async function streamRewrite(
  llm: LlmProvider,
  request: { bookId: string; text: string; instruction: string; context: RewriteContext },
  send: (delta: RewritePassageDelta) => void,
  signal: AbortSignal,
): Promise<string> {
  const maxTokens = Math.min(4_000, Math.ceil(request.text.length / 2) + 400);
  const task = {
    kind: 'rewrite',
    text: request.text,
    instruction: request.instruction,
    // The offline rewrite is marked as a demo in the book's language.
    language: BookLanguageSchema.safeParse(request.context.language).data,
  } as const;
  const result = await llm.streamText(rewritePrompt(request.text, request.instruction, request.context), {
    task,
    offline: () => composeRewrite(task),
    bookId: request.bookId,
    temperature: 0.7,
    maxTokens,
    signal,
    onDelta: (text) => {
      if (text) send({ type: 'delta', text });
    },
  });
  // A stream cut by the requester may come back as a partial answer: never report it as done.
  if (signal.aborted) throw new Error('The rewrite was cancelled', { cause: signal.reason });
  const text = result.text.trim();
  send({ type: 'done', text });
  return text;
}
