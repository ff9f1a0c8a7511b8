import type { FastifyInstance } from 'fastify';
import { AppError, documentDepthMessages, jsonDeeperThan, maxBodyDepth } from '@bookwright/contracts/http';

/**
 * The depth rule for every body, after the route's schema and before its handler. The routes that take a
 * document or a book's structure refuse one deeper than the editor makes in their schemas, with their own
 * messages; a schema that lets unknown keys through (the export's options) would hand a handler a key nested
 * 15,000 deep, and its JSON.stringify ran out of stack (500). Nothing the API takes nests deeper than a
 * document in its envelope (maxBodyDepth), so one limit holds for all.
 */
export function registerBodyDepthCheck(app: FastifyInstance): void {
  // Callback style, like the other hooks every request passes: an async hook costs a promise per request.
  app.addHook('preHandler', (request, _reply, done) => {
    const body = request.body;
    const tooDeep = body !== null && typeof body === 'object' && jsonDeeperThan(body, maxBodyDepth);
    done(tooDeep ? new AppError(400, documentDepthMessages.bodyTooDeep) : undefined);
  });
}
