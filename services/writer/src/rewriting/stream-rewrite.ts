import type { LlmProvider } from '@bookwright/ai';
import { BookLanguageSchema } from '@bookwright/contracts';
import { composeRewrite } from './compose-rewrite';
import { rewritePrompt, type RewriteContext } from './rewrite-prompt';

/** One Server-Sent Event: `event` line and a JSON `data` line. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Streams the model's replacement as `delta` events and ends with `done` (the whole text). Errors are the
 * caller's: nothing is written after a failure, so the caller can send one `error` event.
 */
export async function streamRewrite(
  llm: LlmProvider,
  request: { bookId: string; text: string; instruction: string; context: RewriteContext },
  write: (chunk: string) => void,
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
      if (text) write(sseEvent('delta', { text }));
    },
  });
  // A stream cut by the browser may come back as a partial answer: never report it as done.
  if (signal.aborted) throw new Error('The rewrite was cancelled', { cause: signal.reason });
  const text = result.text.trim();
  write(sseEvent('done', { text }));
  return text;
}
