import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BookSearchAnswerSchema, BookSearchQuerySchema, bookSearchLimits } from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { tokenWorkspaceOf } from '../security/workspace-token-fence';
import type { RouteDeps, RouteRequest } from './route-deps';

const searchBooksSchema = {
  operationId: 'searchBooks',
  tags: ['books'],
  summary: 'Find words in the titles and manuscripts of the books in your library',
  description: `Case and accents do not count ("Zoe" finds "Zoë"). Looks in the books GET /book lists (none in the trash); per book the title's match and a passage from each of the first ${bookSearchLimits.matchesPerBook} chapters that mention it, at most ${bookSearchLimits.books} books. 400 for an empty query or one over ${bookSearchLimits.queryLength} characters.`,
  querystring: BookSearchQuerySchema,
  response: { 200: BookSearchAnswerSchema },
};

/**
 * GET /book/search: the book service's search (decision 0051). `/book/search` is a static path, which the
 * router prefers to `/book/:bookId`. A workspace's API token searches that workspace's books only.
 */
export function bookSearchRoutes(deps: RouteDeps) {
  const { ask } = deps;
  const { signedIn, searchLimit } = routePresets(deps);

  async function searchBooks(request: RouteRequest<typeof searchBooksSchema>) {
    const workspaceId = tokenWorkspaceOf(request);
    return ask(request, requests.book.search, {
      userId: request.userId,
      q: request.query.q,
      ...(workspaceId === undefined ? {} : { workspaceId }),
    });
  }

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get('/book/search', { schema: searchBooksSchema, ...signedIn, ...searchLimit }, searchBooks);
  };
}
