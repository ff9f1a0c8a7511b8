import { outboxMigration, type Migration } from '@bookwright/kit';
import { accountsMigration } from './0001_accounts';
import { identityLinksMigration } from './0002_identity_links';
import { commentMailMigration } from './0003_comment_mail';
import { apiTokensMigration } from './0004_api_tokens';
import { workspaceApiTokensMigration } from './0005_workspace_api_tokens';

/** Forward-only, in order. Never edit a migration that has shipped: add a new one. */
export const migrations: Migration[] = [
  outboxMigration,
  accountsMigration,
  identityLinksMigration,
  commentMailMigration,
  apiTokensMigration,
  workspaceApiTokensMigration,
];
