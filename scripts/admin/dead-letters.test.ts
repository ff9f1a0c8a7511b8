// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '@bookwright/contracts/bus';
import { randomBytes } from 'node:crypto';
import { createBus, on, silentLogger, type Bus } from '@bookwright/kit';
import { dropBusNamespace } from '@bookwright/kit/testing';
import { deadLetterCommand, runDeadLetters } from './dead-letters';

const strictNote = defineEvent({
  name: 'test.admin.noted',
  version: 1,
  schema: z.object({ note: z.string().min(1) }),
  description: 'A note; an empty one breaks the contract.',
});
const laxNote = defineEvent({
  name: 'test.admin.noted',
  version: 1,
  schema: z.object({ note: z.string() }),
  description: 'The same note, unchecked: lets a test store what the strict consumer refuses.',
});

/** The bus this run has: NATS when NATS_URL is set (the CLI's own path, end to end), else in-process. */
const natsUrl = process.env.NATS_URL || undefined;
const namespace = `admin_${randomBytes(4).toString('hex')}`;
let bus: Bus | undefined;
afterEach(async () => {
  await bus?.close();
  if (natsUrl) await dropBusNamespace(natsUrl, namespace);
});

describe('npm run admin -- dlq', () => {
  it("lists a consumer's dead letters with why and how often, and replays them after a fix", async () => {
    const opened = await createBus({ natsUrl, namespace, logger: silentLogger(), name: 'admin-test' });
    bus = opened;
    const seen: string[] = [];
    const strict = await opened.consume('notes', [on(strictNote, async ({ note }) => void seen.push(note))]);
    await opened.publish(laxNote, { note: '' }, { id: 'empty-note' });
    await expect.poll(() => deadLetterCommand(opened, 'list', 'notes').then((r) => r.output)).toContain('empty-note');

    // Through the command's own entry when NATS is there: a second connection, as the CLI is.
    const listed = natsUrl
      ? await runDeadLetters(['list', 'notes'], { NATS_URL: natsUrl, BUS_NAMESPACE: namespace }, silentLogger())
      : await deadLetterCommand(opened, 'list', 'notes');
    expect(listed.exitCode).toBe(0);
    expect(listed.output).toMatch(/test\.admin\.noted v1 on evt\.test\.admin\.noted\.v1 \(event empty-note\)/);
    expect(listed.output).toMatch(/invalid after 1 try, .*event data breaks the contract/);

    await strict.stop();
    await opened.consume('notes', [on(laxNote, async ({ note }) => void seen.push(`lax:${note}`))]);
    expect(await deadLetterCommand(opened, 'replay', 'notes')).toEqual({
      exitCode: 0,
      output: '1 dead letter of notes replayed',
    });
    await expect.poll(() => seen).toEqual(['lax:']);
    expect((await deadLetterCommand(opened, 'list', 'notes')).output).toBe('notes has no dead letters');
  });

  it('says where the dead letters are in embedded mode instead of showing an empty list', async () => {
    // No NATS_URL: what `npm run admin` sees beside an embedded app.
    const result = await runDeadLetters(['list', 'book'], {}, silentLogger());
    expect(result.exitCode).toBe(2);
    expect(result.output).toMatch(/Embedded mode keeps dead letters in the app process/);
  });
});
