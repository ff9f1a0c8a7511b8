import { access, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquirePglite, openPgliteInstances, type PgliteLease } from './pglite';

// The embedded database's start-up (PGlite only: with DATABASE_URL set there is no data directory, and the
// same tests run the same way). A new data directory is created by a child process (`pglite-init.mjs`),
// then opened by the thread that serves it; an existing one is opened as it is.

const dirs: string[] = [];
const leases: PgliteLease[] = [];

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'bw-pglite-test-'));
  dirs.push(dir);
  return dir;
}

async function acquire(dataDir: string): Promise<PgliteLease> {
  const lease = await acquirePglite(dataDir);
  leases.push(lease);
  return lease;
}

afterEach(async () => {
  await Promise.all(leases.splice(0).map((lease) => lease.release()));
});

afterAll(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

// Creating a data directory is initdb: seconds of CPU, so the tests share one (in order) and the time
// limit only guards against a hang on a loaded machine.
describe('the embedded database start-up', { timeout: 180_000 }, () => {
  let dataDir: string;

  it('creates a new data directory and opens it', async () => {
    dataDir = join(await tempDir(), 'does', 'not', 'exist', 'yet');
    const lease = await acquire(dataDir);
    expect(await exists(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(true);
    expect(openPgliteInstances()).toContain(join(dataDir, 'pglite'));
    const result = await lease.shared.pglite.query('select current_setting($1) as value', ['shared_buffers']);
    // The options of the thread that serves it (pglite-options.mjs) apply.
    expect(result.rows[0]?.value).toBe('16MB');
  });

  it('opens an existing data directory as it is, keeping its data', async () => {
    const first = await acquirePglite(dataDir);
    await first.shared.pglite.exec("create table kept (label text); insert into kept values ('still here')");
    await first.release();
    expect(openPgliteInstances()).not.toContain(join(dataDir, 'pglite'));
    const created = (await stat(join(dataDir, 'pglite', 'PG_VERSION'))).mtimeMs;

    const again = await acquire(dataDir);
    const result = await again.shared.pglite.query('select label from kept');
    expect(result.rows).toEqual([{ label: 'still here' }]);
    // Not created again.
    expect((await stat(join(dataDir, 'pglite', 'PG_VERSION'))).mtimeMs).toBe(created);
  });

  it('shares one instance between the leases of one directory', async () => {
    const [a, b] = await Promise.all([acquire(dataDir), acquire(dataDir)]);
    expect(a.shared).toBe(b.shared);
    expect(openPgliteInstances().filter((key) => key.startsWith(dataDir))).toHaveLength(1);
  });

  it('says which directory it could not create, and why', async () => {
    const broken = await tempDir();
    // Where the database's own directory should be there is a file.
    await writeFile(join(broken, 'pglite'), 'not a directory');
    await expect(acquirePglite(broken)).rejects.toThrow(/could not create the embedded database in .*pglite/);
    expect(openPgliteInstances()).not.toContain(join(broken, 'pglite'));
  });
});
