import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApiTokenListSchema,
  ApiTokenParamsSchema,
  CreateApiTokenRequestSchema,
  CreatedApiTokenSchema,
  MessageSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const tags = ['tokens'];

const createTokenSchema = {
  operationId: 'createApiToken',
  tags,
  summary: 'Create a personal API token (Enterprise): the secret is in this answer only',
  description:
    'Use it as `Authorization: Bearer <token>` on /api/v1, with the scopes given here (they narrow what ' +
    'your role allows, never widen it). 402 on other plans. Only a signed-in browser may create one.',
  body: CreateApiTokenRequestSchema,
  response: { 201: CreatedApiTokenSchema },
};
const listTokensSchema = {
  operationId: 'listApiTokens',
  tags,
  summary: 'Your API tokens that are not revoked, without their secrets',
  response: { 200: ApiTokenListSchema },
};
const revokeTokenSchema = {
  operationId: 'revokeApiToken',
  tags,
  summary: 'Revoke one of your API tokens: it answers 401 from the next request on',
  params: ApiTokenParamsSchema,
  response: { 200: MessageSchema },
};

/** Personal API tokens (issue 45): the user service keeps and checks them; the gateway only carries them. */
export function tokenRoutes(deps: RouteDeps) {
  const { signedIn } = routePresets(deps);
  const { ask } = deps;

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/tokens',
      { schema: createTokenSchema, ...signedIn },
      async (request: RouteRequest<typeof createTokenSchema>, reply: RouteReply<typeof createTokenSchema>) => {
        const created = await ask(request, requests.user.createToken, { userId: request.userId, ...request.body });
        return reply.status(201).send(created);
      },
    );
    app.get('/tokens', { schema: listTokensSchema, ...signedIn }, async (request) =>
      ask(request, requests.user.listTokens, { userId: request.userId }),
    );
    app.delete(
      '/tokens/:id',
      { schema: revokeTokenSchema, ...signedIn },
      async (request: RouteRequest<typeof revokeTokenSchema>) => {
        await ask(request, requests.user.revokeToken, { userId: request.userId, tokenId: request.params.id });
        deps.resolvedTokens.forget(request.params.id);
        return { msg: 'API token revoked' };
      },
    );
  };
}
