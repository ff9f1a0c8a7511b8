import type { requests } from '@bookwright/contracts/bus';
import type { RequestContext } from '@bookwright/kit';
import type { z } from 'zod';
import { documentJson, markdownOf } from '../takeout/takeout-renderings';

type Def = typeof requests.export.renderTakeout;

/** export.takeout.render: a manuscript's Markdown and printed JSON for the takeout's zip (the gateway's). */
export function renderTakeout() {
  return async (
    { bookId, content, imagePaths }: z.output<Def['request']>,
    context: RequestContext,
  ): Promise<z.input<Def['response']>> => ({
    markdown: markdownOf(
      content,
      (error) => context.logger.warn({ err: error, bookId }, 'takeout: a document did not convert to Markdown'),
      imagePaths,
    ),
    json: documentJson(content),
  });
}
