import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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
  // Written aside, then linked into place: two processes starting at once keep the first one's whole key.
  const draft = `${path}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${value}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, path);
    return value;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(path, 'utf8')).trim();
  } finally {
    await rm(draft, { force: true });
  }
}
