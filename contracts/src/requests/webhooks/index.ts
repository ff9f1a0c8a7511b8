import { defineHealthRequest } from '../health';
import { createWebhookRequest } from './create-webhook';
import { listWebhooksRequest } from './list-webhooks';
import { updateWebhookRequest } from './update-webhook';
import { deleteWebhookRequest } from './delete-webhook';
import { rotateSecretRequest } from './rotate-secret';
import { testWebhookRequest } from './test-webhook';
import { listDeliveriesRequest } from './list-deliveries';
import { redeliverRequest } from './redeliver';

/** Outgoing webhooks (issue 45, decision 0046): the webhooks service keeps endpoints and deliveries. */
export const webhooksRequests = {
  health: defineHealthRequest('webhooks'),
  createWebhook: createWebhookRequest,
  listWebhooks: listWebhooksRequest,
  updateWebhook: updateWebhookRequest,
  deleteWebhook: deleteWebhookRequest,
  rotateSecret: rotateSecretRequest,
  testWebhook: testWebhookRequest,
  listDeliveries: listDeliveriesRequest,
  redeliver: redeliverRequest,
} as const;
