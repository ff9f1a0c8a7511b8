import type { Logger } from '@bookwright/kit';
import { dimensionsOf, type ImagesProvider } from '@bookwright/ai';
import { renderTypographicCover } from './on-demand';

/**
 * The default images provider: the offline typographic cover designer. No network, no key, deterministic
 * for a given design and seed (vary `design.seed` for another composition). Its covers carry the title,
 * subtitle and author already (`typeset: true`).
 */
export function createOfflineImagesProvider(options: { logger: Logger }): ImagesProvider {
  return {
    name: 'offline',
    model: 'typographic-designer-1',
    async generateImage(request) {
      request.signal?.throwIfAborted();
      const started = Date.now();
      const { width, height } = dimensionsOf(request.size);
      const { png } = await renderTypographicCover(request.design, width, height);
      options.logger.info(
        {
          provider: 'offline',
          size: request.size,
          style: request.design.style,
          ms: Date.now() - started,
          requestId: request.requestId,
        },
        'cover designed',
      );
      return { data: png, provider: 'offline', model: 'typographic-designer-1', typeset: true };
    },
  };
}
