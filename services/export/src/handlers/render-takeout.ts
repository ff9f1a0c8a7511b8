import type { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';

type Def = typeof requests.export.renderTakeout;

// The Markdown serializer (prosemirror-markdown, markdown-it) is loaded on the first takeout, not at start:
// an idle process never needs it (bench/README.md, memory).
const loadRenderings = () => import('../takeout/takeout-renderings');

/** export.takeout.render: a manuscript's Markdown and printed JSON for the takeout's zip (the gateway's). */
export function renderTakeout() {
  return async (
    { bookId, content, imagePaths }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => {
    const { documentJson, markdownOf } = await loadRenderings();
    return {
      markdown: markdownOf(
        content,
        (error) => context.logger.warn({ err: error, bookId }, 'takeout: a document did not convert to Markdown'),
        imagePaths,
      ),
      json: documentJson(content),
    };
  };
}
