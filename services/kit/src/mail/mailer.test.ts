import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger/logger';
import { createOutboxMailer } from './mailer';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const message = (i: number) => ({
  to: `reader-${i}@example.com`,
  subject: `Mail ${i}`,
  text: 'x'.repeat(4_000_000),
  html: `<p>${i}</p>`,
});

describe('the development outbox mailer', () => {
  it('leaves one whole JSON file per mail, and a reader listing the folder meanwhile only ever finds whole ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const mailer = createOutboxMailer({
      dir: join(dir, 'outbox'),
      from: 'Bookwright <no-reply@example.com>',
      logger: silentLogger(),
    });
    const sending = Promise.all(Array.from({ length: 20 }, (_, i) => mailer.send(message(i))));
    let done = false;
    void sending.finally(() => (done = true));
    const seen = new Set<string>();
    while (!done) {
      const files = await readdir(join(dir, 'outbox')).catch(() => [] as string[]);
      for (const file of files.filter((name) => name.endsWith('.json') && !name.startsWith('.'))) {
        // Throws on a half-written file.
        const mail = JSON.parse(await readFile(join(dir, 'outbox', file), 'utf8')) as { to: string };
        seen.add(mail.to);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await sending;
    const files = await readdir(join(dir, 'outbox'));
    expect(files).toHaveLength(20);
    expect(files.every((name) => name.endsWith('.json') && !name.startsWith('.'))).toBe(true);
    const mails = await Promise.all(
      files.map(
        async (file) => JSON.parse(await readFile(join(dir, 'outbox', file), 'utf8')) as { to: string; from: string },
      ),
    );
    expect(new Set(mails.map((mail) => mail.to)).size).toBe(20);
    expect(mails.every((mail) => mail.from === 'Bookwright <no-reply@example.com>')).toBe(true);
  });
});
