import { sql, type Kysely } from 'kysely';
import type { Migration } from '@bookwright/kit';
import { isSealed, type SecretCipher } from '../../domain/secret-cipher';

interface StoredSecrets {
  id: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * Seals the signing secrets stored in plain text before decision 0052, the current and the previous one,
 * under the configured current key. A value already sealed is left as it is.
 */
export function sealedSecretsMigration(cipher: SecretCipher): Migration {
  return {
    name: '0002_sealed_secrets',
    async up(db: Kysely<unknown>) {
      const { rows } = await sql<StoredSecrets>`select id, secret, previous_secret from webhooks`.execute(db);
      for (const row of rows) {
        const secret = isSealed(row.secret) ? row.secret : cipher.seal(row.secret, row.id);
        const previous =
          row.previous_secret === null || isSealed(row.previous_secret)
            ? row.previous_secret
            : cipher.seal(row.previous_secret, row.id);
        if (secret === row.secret && previous === row.previous_secret) continue;
        await sql`update webhooks set secret = ${secret}, previous_secret = ${previous} where id = ${row.id}`.execute(
          db,
        );
      }
    },
  };
}
