import { z } from 'zod';
import { isoDateTimeSchema } from '../../entities/formats';

/**
 * Outgoing webhooks (issue 45, decision 0046). An endpoint receives the events it subscribed to, for the
 * books its owner may read, signed as Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).
 */
export const webhookEventTypes = [
  'book.created',
  'book.planned',
  'book.ready',
  'book.failed',
  'book.exported',
  'book.trashed',
  'book.deleted',
  'translation.ready',
  'comment.created',
  'book.member.added',
  'book.member.removed',
  'book.member.role-changed',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The type of the delivery POST /webhooks/{id}/test sends. */
export const webhookTestEventType = 'webhook.test';

/** What every signing secret starts with (Standard Webhooks' convention). */
export const webhookSecretPrefix = 'whsec_';

export const webhookMessages = {
  url: 'Give an https URL of at most 2000 characters',
  forbiddenTarget: 'This URL points to a private, loopback, link-local or metadata address: webhooks cannot call it',
  unresolvable: "This URL's host name does not resolve",
  events: `Choose one or more events: ${webhookEventTypes.join(', ')}`,
  description: 'A description is at most 200 characters',
  notFound: 'Webhook not found',
  deliveryNotFound: 'Delivery not found',
  disabled: 'This webhook is disabled: enable it first',
  workspaceNotFound: 'Workspace not found',
} as const;

export const WebhookEventTypeSchema = z.enum(webhookEventTypes, { error: webhookMessages.events });

const urlSchema = z.string().trim().min(1, webhookMessages.url).max(2000, webhookMessages.url).url(webhookMessages.url);
const eventsSchema = z
  .array(WebhookEventTypeSchema, { error: webhookMessages.events })
  .min(1, webhookMessages.events)
  .max(webhookEventTypes.length, webhookMessages.events)
  .refine((list) => new Set(list).size === list.length, webhookMessages.events);
const descriptionSchema = z.string().trim().max(200, webhookMessages.description);

export const CreateWebhookRequestSchema = z.object({
  url: urlSchema,
  events: eventsSchema,
  description: descriptionSchema.optional(),
  /** Only the events of this team workspace's books (the creator must belong to it); else every book they may read. */
  workspaceId: z.string().min(1).max(100).optional(),
});
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequestSchema>;

export const UpdateWebhookRequestSchema = z.object({
  url: urlSchema.optional(),
  events: eventsSchema.optional(),
  description: descriptionSchema.optional(),
  /** true enables a disabled endpoint again (its failures forgotten); false pauses it. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequestSchema>;

export const WebhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventTypeSchema),
  description: z.string().nullable(),
  workspaceId: z.string().nullable(),
  enabled: z.boolean(),
  /** Why it was disabled: 'gone' (the endpoint answered 410), 'failing' (3 days of failures), 'owner'. */
  disabledReason: z.enum(['gone', 'failing', 'owner']).nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answers to creating an endpoint and rotating its secret: the one time the secret is shown. */
export const WebhookWithSecretSchema = WebhookSchema.extend({
  secret: z.string().describe('The signing secret (whsec_…): shown this once, store it now'),
});
export type WebhookWithSecret = z.infer<typeof WebhookWithSecretSchema>;

export const WebhookListSchema = z.object({ webhooks: z.array(WebhookSchema) });
export type WebhookList = z.infer<typeof WebhookListSchema>;

export const WebhookParamsSchema = z.object({ id: z.string().min(1).max(100) });
export const WebhookDeliveryParamsSchema = WebhookParamsSchema.extend({ deliveryId: z.string().min(1).max(100) });

export const WebhookAttemptSchema = z.object({
  attemptedAt: isoDateTimeSchema,
  /** null when no answer came (refused, timed out, a forbidden address). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().min(0),
  error: z.string().nullable(),
  /** The start of the answer's body, at most 256 KB. */
  responseBody: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttemptSchema>;

export const WebhookDeliverySchema = z.object({
  /** The webhook-id header: the same on every attempt. */
  id: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  createdAt: isoDateTimeSchema,
  nextAttemptAt: isoDateTimeSchema.nullable(),
  attempts: z.array(WebhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** The body every endpoint receives: the event's AsyncAPI payload in `data`. */
export const WebhookPayloadSchema = z.object({
  id: z.string().describe('The event id (the webhook-id header is the delivery id)'),
  type: z.string(),
  createdAt: isoDateTimeSchema,
  data: z.unknown(),
});
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;
