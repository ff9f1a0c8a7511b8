import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** A delivery's body (decision 0046): the event's AsyncAPI payload in `data`. */
export interface WebhookDelivery<Data = Record<string, unknown>> {
  /** The event's id: the same on every retry of a delivery. */
  id: string;
  /** book.created, book.planned, book.ready, book.failed, book.trashed, book.deleted, comment.created, … */
  type: string;
  createdAt: string;
  data: Data;
}

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: HeaderSource): Record<string, string> {
  const record: Record<string, string> = {};
  if (headers instanceof Headers) headers.forEach((value, name) => (record[name] = value));
  else
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return record;
}

/**
 * Verifies a webhook delivery as Standard Webhooks asks (the `standardwebhooks` package): the
 * `webhook-signature` must be an HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the endpoint's
 * `whsec_…` secret, and the timestamp within five minutes of now. Pass the body exactly as received (bytes
 * or text, before any JSON parsing). Returns the parsed delivery; throws {@link WebhookVerificationError}.
 */
export function verifyWebhook<Data = Record<string, unknown>>(
  secret: string,
  body: string | Uint8Array,
  headers: HeaderSource,
): WebhookDelivery<Data> {
  const text = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return new Webhook(secret).verify(text, headerRecord(headers)) as WebhookDelivery<Data>;
}

export { WebhookVerificationError };
