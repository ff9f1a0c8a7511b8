import type { Kysely } from 'kysely';
import type { Bus, Logger, Mailer } from '@bookwright/kit';
import type { WebhooksDatabase } from '../db/schema';
import type { WebhooksConfig } from '../config';
import type { ResolveAll } from '../domain/target-url';
import type { SecretCipher } from '../domain/secret-cipher';

/** What every webhooks handler may use; nothing else. */
export interface WebhooksHandlerDeps {
  db: Kysely<WebhooksDatabase>;
  bus: Bus;
  mailer: Mailer;
  config: Pick<
    WebhooksConfig,
    'PUBLIC_URL' | 'WEBHOOK_RETRY_BASE_MS' | 'WEBHOOK_LEASE_MS' | 'WEBHOOK_ALLOW_PRIVATE_TARGETS'
  >;
  logger: Logger;
  /** Seals the signing secrets at rest and opens them to sign (decision 0052). */
  cipher: SecretCipher;
  now: () => Date;
  /** The resolver of the SSRF checks; tests give names their own addresses. */
  resolve?: ResolveAll;
  /** Wakes the dispatcher when a delivery is due now (a new event, a test, a redelivery). */
  wake: () => void;
}
