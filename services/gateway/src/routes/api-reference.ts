import type { FastifyInstance, FastifyReply } from 'fastify';
import { renderReferencePage, type OpenApiDocument } from '../openapi/reference-page';

/**
 * GET /api/docs: the API reference page (issue 45), rendered once from the gateway's own OpenAPI document,
 * which `services/gateway/scripts/openapi.test.ts` keeps identical to the checked-in docs/api/openapi.json
 * (the production image carries no docs/ folder, so the served copy is the one at hand). Public, like the
 * document itself at /api/v1/docs/json.
 */
export function apiReferenceRoutes(options: { apiPrefix: string }) {
  return async function (app: FastifyInstance) {
    let page: string | undefined;
    app.get('/api/docs', { schema: { hide: true } }, async (_request, reply: FastifyReply) => {
      page ??= renderReferencePage(app.swagger() as OpenApiDocument, { jsonUrl: `${options.apiPrefix}/docs/json` });
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    });
  };
}
