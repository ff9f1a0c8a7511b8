import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface WebhooksTable {
  id: string;
  user_id: string;
  workspace_id: string | null;
  url: string;
  /** Comma-separated event types. */
  events: string;
  description: string | null;
  /**
   * The signing secret (whsec_…) sealed under WEBHOOK_SECRET_KEYS (`wsk1:<key id>:…`, decision 0052): a
   * signature needs the secret itself, so it is encrypted rather than hashed. Only the repository seals it.
   */
  secret: string;
  /** The secret before the last rotation, sealed too, which keeps signing until previous_secret_until. */
  previous_secret: string | null;
  previous_secret_until: Timestamp | null;
  enabled: boolean;
  disabled_reason: 'gone' | 'failing' | 'owner' | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  /** The webhook-id header: the same on every attempt. */
  id: string;
  webhook_id: string;
  /** The bus event's id (with webhook_id, unique: a redelivered event makes no second row). */
  event_id: string;
  event_type: string;
  /** The exact body sent, so every attempt signs the same bytes. */
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: Timestamp | null;
  /** A dispatcher holds the row until then; a crash mid-call frees it for another try (at least once). */
  locked_until: Timestamp | null;
  created_at: Timestamp;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: Timestamp;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  response_body: string | null;
}

export interface WebhooksDatabase {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
}
