import type { Webhook, WebhookDelivery, WebhookEventType } from '@bookwright/contracts/http';
import type { WebhookRow } from '../repositories/webhooks.repository';
import type { AttemptRow, DeliveryRow } from '../repositories/deliveries.repository';

const iso = (value: Date | string): string => new Date(value).toISOString();

/** An endpoint as its owner sees it: never its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events.split(',').filter(Boolean) as WebhookEventType[],
    description: row.description,
    workspaceId: row.workspace_id,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function presentDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.event_type,
    status: row.status,
    createdAt: iso(row.created_at),
    nextAttemptAt: row.status === 'pending' && row.next_attempt_at ? iso(row.next_attempt_at) : null,
    attempts: attempts
      .filter((attempt) => attempt.delivery_id === row.id)
      .map((attempt) => ({
        attemptedAt: iso(attempt.attempted_at),
        statusCode: attempt.status_code,
        durationMs: attempt.duration_ms,
        error: attempt.error,
        responseBody: attempt.response_body,
      })),
  };
}
