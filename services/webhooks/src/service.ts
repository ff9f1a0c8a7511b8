import { events } from '@bookwright/contracts/events';
import { requests } from '@bookwright/contracts/bus';
import {
  createMailer,
  defineService,
  on,
  type Logger,
  type Subscription,
  serveHealth,
  pingDatabase,
} from '@bookwright/kit';
import { WebhooksConfigSchema } from './config';
import { migrationsFor } from './db/migrations';
import type { WebhooksDatabase } from './db/schema';
import { Dispatcher } from './domain/dispatcher';
import { SecretCipher } from './domain/secret-cipher';
import { secretKeysSchema, newSecretKeysValue } from './domain/secret-keys';
import type { WebhooksHandlerDeps } from './handlers/deps';
import { createWebhook } from './handlers/create-webhook';
import { listWebhooks } from './handlers/list-webhooks';
import { updateWebhook } from './handlers/update-webhook';
import { deleteWebhook } from './handlers/delete-webhook';
import { rotateSecret } from './handlers/rotate-secret';
import { testWebhook } from './handlers/test-webhook';
import { listDeliveries } from './handlers/list-deliveries';
import { redeliver } from './handlers/redeliver';
import { onBookCreated } from './handlers/on-book-created';
import { onBookPlanned } from './handlers/on-book-planned';
import { onBookReady } from './handlers/on-book-ready';
import { onBookFailed } from './handlers/on-book-failed';
import { onBookTrashed } from './handlers/on-book-trashed';
import { onBookDeleted } from './handlers/on-book-deleted';
import { onBookExported } from './handlers/on-book-exported';
import { onCommentCreated } from './handlers/on-comment-created';
import { onTranslationReady } from './handlers/on-translation-ready';
import { onBookMemberAdded } from './handlers/on-book-member-added';
import { onBookMemberRemoved } from './handlers/on-book-member-removed';
import { onBookMemberRoleChanged } from './handlers/on-book-member-role-changed';

/**
 * The service started alone with no WEBHOOK_SECRET_KEYS (never in production, the configuration refuses it):
 * a key for this start, so secrets made before a restart no longer open. npm start and npm run
 * start:distributed keep one in DATA_DIR instead (domain/local-secret-keys.ts).
 */
function keysForThisStart(logger: Logger) {
  logger.warn('WEBHOOK_SECRET_KEYS is not set: webhook secrets are sealed under a key made for this start');
  return secretKeysSchema.parse(newSecretKeysValue());
}

/** Outgoing webhooks (issue 45, decision 0046): endpoints, the deliveries owed to them, and their sending. */
export const webhooksService = defineService({
  name: 'webhooks',
  configSchema: WebhooksConfigSchema,
  async start({ config, logger, bus, openDatabase }) {
    const cipher = new SecretCipher(config.WEBHOOK_SECRET_KEYS ?? keysForThisStart(logger));
    const database = await openDatabase<WebhooksDatabase>(migrationsFor(cipher));
    const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, logger });
    const base = { db: database.db, bus, mailer, config, logger, cipher, now: () => new Date() };
    const dispatcher = new Dispatcher(base);
    const deps: WebhooksHandlerDeps = { ...base, wake: () => dispatcher.wake() };

    const subscriptions: Subscription[] = await Promise.all([
      serveHealth(bus, requests.webhooks.health, () => pingDatabase(database.db)),
      bus.serve(requests.webhooks.createWebhook, createWebhook(deps)),
      bus.serve(requests.webhooks.listWebhooks, listWebhooks(deps)),
      bus.serve(requests.webhooks.updateWebhook, updateWebhook(deps)),
      bus.serve(requests.webhooks.deleteWebhook, deleteWebhook(deps)),
      bus.serve(requests.webhooks.rotateSecret, rotateSecret(deps)),
      bus.serve(requests.webhooks.testWebhook, testWebhook(deps)),
      bus.serve(requests.webhooks.listDeliveries, listDeliveries(deps)),
      bus.serve(requests.webhooks.redeliver, redeliver(deps)),
      bus.consume('webhooks', [
        on(events.bookCreated, onBookCreated(deps)),
        on(events.bookPlanned, onBookPlanned(deps)),
        on(events.bookReady, onBookReady(deps)),
        on(events.bookFailed, onBookFailed(deps)),
        on(events.bookTrashed, onBookTrashed(deps)),
        on(events.bookDeleted, onBookDeleted(deps)),
        on(events.bookExported, onBookExported(deps)),
        on(events.translationReady, onTranslationReady(deps)),
        on(events.commentCreated, onCommentCreated(deps)),
        on(events.bookMemberAdded, onBookMemberAdded(deps)),
        on(events.bookMemberRemoved, onBookMemberRemoved(deps)),
        on(events.bookMemberRoleChanged, onBookMemberRoleChanged(deps)),
      ]),
    ]);
    dispatcher.start();

    return {
      async ready() {
        await database.answers('webhooks');
        return true;
      },
      async stop() {
        await Promise.all(subscriptions.map((s) => s.stop()));
        await dispatcher.stop();
        await mailer.close();
        await database.close();
      },
    };
  },
});
