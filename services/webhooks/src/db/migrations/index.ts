import type { Migration } from '@bookwright/kit';
import { webhooksMigration } from './0001_webhooks';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [webhooksMigration];
