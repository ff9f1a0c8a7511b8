import type { LlmProvider } from '@bookwright/ai';
import type { streams } from '@bookwright/contracts/bus';
import type { StreamHandler } from '@bookwright/kit';
import { streamRewrite } from '../rewriting/stream-rewrite';

/**
 * writer.passage.rewrite: the editor's rewrite of a passage, streamed as the model writes it. The gateway
 * has checked the book is the author's and kept its manuscript first; a cancel (the browser gone) stops
 * the model.
 */
export function rewritePassage(deps: { llm: LlmProvider }): StreamHandler<typeof streams.writer.rewritePassage> {
  return async (request, { send, signal }) => {
    await streamRewrite(deps.llm, request, send, signal);
  };
}
