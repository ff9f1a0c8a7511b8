import type { Migration } from '@bookwright/kit';
import type { SecretCipher } from '../../domain/secret-cipher';
import { webhooksMigration } from './0001_webhooks';
import { sealedSecretsMigration } from './0002_sealed_secrets';

/**
 * Forward-only, in order. Never edit a migration that has shipped: add a new one. The cipher is the one the
 * service runs with: 0002 seals the secrets stored in plain text before it.
 */
export const migrationsFor = (cipher: SecretCipher): Migration[] => [webhooksMigration, sealedSecretsMigration(cipher)];
