import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newSecretKeysValue } from './secret-keys';

/** The file in DATA_DIR that holds embedded mode's WEBHOOK_SECRET_KEYS when none is configured. */
export const localSecretKeysFile = 'webhook-secret-keys';

/**
 * WEBHOOK_SECRET_KEYS for a run with none configured (npm start, npm run start:distributed): read from
 * DATA_DIR, made there on the first run. Unlike the per-run API token key, this one must outlive a restart:
 * the secrets it seals are kept in the database, and an endpoint whose secret no longer opens cannot be
 * signed for.
 */
export async function localSecretKeys(dataDir: string): Promise<string> {
  const path = join(dataDir, localSecretKeysFile);
  try {
    return (await readFile(path, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const value = newSecretKeysValue();
  try {
    // wx: two processes starting at once keep the first one's key.
    await writeFile(path, `${value}\n`, { mode: 0o600, flag: 'wx' });
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  }
}
