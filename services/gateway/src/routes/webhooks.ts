import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CreateWebhookRequestSchema,
  MessageSchema,
  UpdateWebhookRequestSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookParamsSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '@bookwright/contracts/http';
import { requests } from '@bookwright/contracts/bus';
import { routePresets } from '../security/route-presets';
import { withinTokenWorkspace } from '../security/workspace-token-fence';
import type { RouteDeps, RouteReply, RouteRequest } from './route-deps';

const tags = ['webhooks'];

const createWebhookSchema = {
  operationId: 'createWebhook',
  tags,
  summary: 'Create a webhook endpoint (Enterprise): the signing secret is in this answer only',
  description:
    'The endpoint receives the chosen events of the books you may read, as `{id, type, createdAt, data}` ' +
    'signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature). The URL must be https ' +
    'and reach a public address. 402 on other plans.',
  body: CreateWebhookRequestSchema,
  response: { 201: WebhookWithSecretSchema },
};
const listWebhooksSchema = {
  operationId: 'listWebhooks',
  tags,
  summary: 'Your webhook endpoints, without their secrets',
  response: { 200: WebhookListSchema },
};
const updateWebhookSchema = {
  operationId: 'updateWebhook',
  tags,
  summary: "Change an endpoint's URL, events or description, or enable or pause it",
  params: WebhookParamsSchema,
  body: UpdateWebhookRequestSchema,
  response: { 200: WebhookSchema },
};
const deleteWebhookSchema = {
  operationId: 'deleteWebhook',
  tags,
  summary: 'Delete an endpoint and its deliveries',
  params: WebhookParamsSchema,
  response: { 200: MessageSchema },
};
const rotateSecretSchema = {
  operationId: 'rotateWebhookSecret',
  tags,
  summary: 'A new signing secret, shown once; the old one keeps signing beside it for 24 hours',
  params: WebhookParamsSchema,
  response: { 200: WebhookWithSecretSchema },
};
const testWebhookSchema = {
  operationId: 'testWebhook',
  tags,
  summary: 'Send a webhook.test event to the endpoint',
  params: WebhookParamsSchema,
  response: { 202: WebhookDeliverySchema },
};
const listDeliveriesSchema = {
  operationId: 'listWebhookDeliveries',
  tags,
  summary: "An endpoint's latest deliveries, each with its attempts, status codes and times",
  params: WebhookParamsSchema,
  response: { 200: WebhookDeliveryListSchema },
};
const redeliverSchema = {
  operationId: 'redeliverWebhook',
  tags,
  summary: 'Send a delivery again now, with the same webhook-id',
  params: WebhookDeliveryParamsSchema,
  response: { 202: WebhookDeliverySchema },
};

/** Outgoing webhooks (issue 45, decision 0046): the webhooks service keeps and sends them. */
export function webhookRoutes(deps: RouteDeps) {
  const { signedIn } = routePresets(deps);
  const { ask } = deps;
  const owned = (request: { userId: string; params: { id: string } }) => ({
    userId: request.userId,
    webhookId: request.params.id,
  });

  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/webhooks',
      { schema: createWebhookSchema, ...signedIn },
      async (request: RouteRequest<typeof createWebhookSchema>, reply: RouteReply<typeof createWebhookSchema>) => {
        const created = await ask(request, requests.webhooks.createWebhook, {
          userId: request.userId,
          ...request.body,
        });
        return reply.status(201).send(created);
      },
    );
    app.get('/webhooks', { schema: listWebhooksSchema, ...signedIn }, async (request) => {
      const { webhooks } = await ask(request, requests.webhooks.listWebhooks, { userId: request.userId });
      return { webhooks: withinTokenWorkspace(request, webhooks) };
    });
    app.patch(
      '/webhooks/:id',
      { schema: updateWebhookSchema, ...signedIn },
      async (request: RouteRequest<typeof updateWebhookSchema>) =>
        ask(request, requests.webhooks.updateWebhook, { ...owned(request), ...request.body }),
    );
    app.delete(
      '/webhooks/:id',
      { schema: deleteWebhookSchema, ...signedIn },
      async (request: RouteRequest<typeof deleteWebhookSchema>) => {
        await ask(request, requests.webhooks.deleteWebhook, owned(request));
        return { msg: 'Webhook deleted' };
      },
    );
    app.post(
      '/webhooks/:id/rotate-secret',
      { schema: rotateSecretSchema, ...signedIn },
      async (request: RouteRequest<typeof rotateSecretSchema>) =>
        ask(request, requests.webhooks.rotateSecret, owned(request)),
    );
    app.post(
      '/webhooks/:id/test',
      { schema: testWebhookSchema, ...signedIn },
      async (request: RouteRequest<typeof testWebhookSchema>, reply: RouteReply<typeof testWebhookSchema>) =>
        reply.status(202).send(await ask(request, requests.webhooks.testWebhook, owned(request))),
    );
    app.get(
      '/webhooks/:id/deliveries',
      { schema: listDeliveriesSchema, ...signedIn },
      async (request: RouteRequest<typeof listDeliveriesSchema>) =>
        ask(request, requests.webhooks.listDeliveries, owned(request)),
    );
    app.post(
      '/webhooks/:id/deliveries/:deliveryId/redeliver',
      { schema: redeliverSchema, ...signedIn },
      async (request: RouteRequest<typeof redeliverSchema>, reply: RouteReply<typeof redeliverSchema>) =>
        reply.status(202).send(
          await ask(request, requests.webhooks.redeliver, {
            ...owned(request),
            deliveryId: request.params.deliveryId,
          }),
        ),
    );
  };
}
