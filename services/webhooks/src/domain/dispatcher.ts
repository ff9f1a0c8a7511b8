import { randomUUID } from 'node:crypto';
import { requests } from '@bookwright/contracts/bus';
import { deliveriesRepository, type DeliveryRow } from '../repositories/deliveries.repository';
import { webhooksRepository, type WebhookRow } from '../repositories/webhooks.repository';
import type { WebhooksHandlerDeps } from '../handlers/deps';
import { webhookDisabledMail } from './disabled-mail';
import { nextRetryDelayMs } from './retry-schedule';
import { sendWebhook, type SendResult } from './send-webhook';
import { SecretCipherError } from './secret-cipher';
import { signedHeaders } from './signing';

/** The longest the dispatcher sleeps: deliveries another replica owed are found within it. */
const pollMs = 1_000;
const batch = 10;
/** The attempt's error when the endpoint's secret does not decrypt: the operator's key, not the receiver. */
export const unsignable = 'not sent: the signing secret cannot be decrypted (check WEBHOOK_SECRET_KEYS)';

/**
 * Sends the deliveries that are due (decision 0046): claims them with a lease, signs each body with the
 * endpoint's secrets, records the attempt and schedules the next (2xx: done; 410: the endpoint is
 * disabled; the last failure: disabled and its owner mailed). Every replica runs one; the lease keeps
 * them from calling one delivery at once.
 */
export class Dispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly deps: Omit<WebhooksHandlerDeps, 'wake'>) {}

  start(): void {
    this.schedule(0);
  }

  /** Look now: a delivery became due (a new event, a test, a redelivery). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.tick()
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'webhook dispatch failed'))
        .then((sleepMs) => {
          this.running = undefined;
          const next = this.again ? 0 : (sleepMs ?? pollMs);
          this.again = false;
          this.schedule(next);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One round; answers how long to sleep before the next. */
  private async tick(): Promise<number> {
    const due = await deliveriesRepository.claimDue(
      this.deps.db,
      this.deps.now(),
      batch,
      this.deps.config.WEBHOOK_LEASE_MS,
    );
    await Promise.all(due.map((delivery) => this.attempt(delivery)));
    if (due.length === batch) return 0;
    const next = await deliveriesRepository.nextDueAt(this.deps.db, this.deps.now());
    return next ? Math.min(pollMs, Math.max(0, next.getTime() - this.deps.now().getTime())) : pollMs;
  }

  private async attempt(delivery: DeliveryRow): Promise<void> {
    const webhook = await webhooksRepository.findById(this.deps.db, delivery.webhook_id);
    if (!webhook || !webhook.enabled) {
      if (webhook) await deliveriesRepository.failPending(this.deps.db, webhook.id);
      return;
    }
    const now = this.deps.now();
    const secrets = this.openSecrets(webhook, delivery, now);
    if (!secrets) {
      await this.record(webhook, delivery, now, {
        statusCode: null,
        durationMs: 0,
        error: unsignable,
        responseBody: null,
      });
      return;
    }
    const headers = signedHeaders(secrets, delivery.id, Math.floor(now.getTime() / 1000), delivery.body);
    const result = await sendWebhook({
      url: webhook.url,
      body: delivery.body,
      headers,
      allowPrivate: this.deps.config.WEBHOOK_ALLOW_PRIVATE_TARGETS,
      ...(this.deps.resolve ? { resolve: this.deps.resolve } : {}),
    });
    await this.record(webhook, delivery, now, result);
  }

  /**
   * The endpoint's secrets in plain text, the previous one while it still signs; undefined when one does not
   * open (a missing or wrong key, a tampered row): then nothing is sent, neither unsigned nor half-signed,
   * and the attempt says why. The secrets themselves are never logged.
   */
  private openSecrets(webhook: WebhookRow, delivery: DeliveryRow, now: Date): string[] | undefined {
    const sealed = [webhook.secret];
    if (webhook.previous_secret && webhook.previous_secret_until && new Date(webhook.previous_secret_until) > now)
      sealed.push(webhook.previous_secret);
    try {
      return sealed.map((value) => this.deps.cipher.open(value, webhook.id));
    } catch (error) {
      if (!(error instanceof SecretCipherError)) throw error;
      this.deps.logger.error(
        { webhookId: webhook.id, deliveryId: delivery.id, reason: error.message },
        'webhook not sent: its signing secret cannot be decrypted',
      );
      return undefined;
    }
  }

  private async record(webhook: WebhookRow, delivery: DeliveryRow, at: Date, result: SendResult): Promise<void> {
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    const delay =
      ok || gone ? undefined : nextRetryDelayMs(delivery.attempt_count + 1, this.deps.config.WEBHOOK_RETRY_BASE_MS);
    const status = ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
    const decided = await deliveriesRepository.recordAttempt(
      this.deps.db,
      delivery,
      {
        id: randomUUID(),
        delivery_id: delivery.id,
        attempted_at: at,
        status_code: result.statusCode,
        duration_ms: result.durationMs,
        error: result.error,
        response_body: result.responseBody,
      },
      { status, nextAttemptAt: delay === undefined ? null : new Date(this.deps.now().getTime() + delay) },
    );
    // Requeued while the call was out: the next call decides, the endpoint's fate included.
    if (!decided) return;
    if (gone) await this.disable(webhook, 'gone');
    else if (status === 'failed') await this.disable(webhook, 'failing');
  }

  private async disable(webhook: WebhookRow, reason: 'gone' | 'failing'): Promise<void> {
    await webhooksRepository.update(this.deps.db, webhook.id, {
      enabled: false,
      disabled_reason: reason,
      updated_at: this.deps.now(),
    });
    await deliveriesRepository.failPending(this.deps.db, webhook.id);
    this.deps.logger.info({ webhookId: webhook.id, reason }, 'webhook endpoint disabled');
    if (reason !== 'failing') return;
    try {
      const owner = await this.deps.bus.request(requests.user.getProfile, { userId: webhook.user_id });
      await this.deps.mailer.send(
        webhookDisabledMail({
          to: owner.email,
          url: webhook.url,
          settingsLink: `${this.deps.config.PUBLIC_URL.replace(/\/$/, '')}/app/settings`,
        }),
      );
    } catch (error) {
      this.deps.logger.warn({ err: error, webhookId: webhook.id }, 'webhook disabled mail failed');
    }
  }
}
