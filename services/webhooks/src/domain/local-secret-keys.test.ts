import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { localSecretKeys, localSecretKeysFile } from './local-secret-keys';
import { secretKeysSchema } from './secret-keys';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('makes a key in DATA_DIR on the first run, readable by its owner only, and reads the same one after', async () => {
  dir = await mkdtemp(join(tmpdir(), 'bw-webhook-keys-'));
  const dataDir = join(dir, 'data');
  const [first, concurrent] = await Promise.all([localSecretKeys(dataDir), localSecretKeys(dataDir)]);
  expect(concurrent).toBe(first);
  expect(secretKeysSchema.parse(first)).toHaveLength(1);
  expect((await stat(join(dataDir, localSecretKeysFile))).mode & 0o777).toBe(0o600);
  expect(await localSecretKeys(dataDir)).toBe(first);
});
