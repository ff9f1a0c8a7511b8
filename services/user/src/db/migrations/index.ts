import { outboxMigration, type Migration } from '@bookwright/kit';
import { accountsMigration } from './0001_accounts';
import { identityLinksMigration } from './0002_identity_links';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [outboxMigration, accountsMigration, identityLinksMigration];
