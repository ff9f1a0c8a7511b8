// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '@bookwright/contracts';
import { createInProcessBus, on, silentLogger, type Bus } from '@bookwright/kit';
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

let bus: Bus | undefined;
afterEach(async () => {
  await bus?.close();
});

describe('npm run admin -- dlq', () => {
  it("lists a consumer's dead letters with why and how often, and replays them after a fix", async () => {
    const opened = createInProcessBus({ logger: silentLogger(), namespace: 'admin_dlq' });
    bus = opened;
    const seen: string[] = [];
    const strict = await opened.consume('notes', [on(strictNote, async ({ note }) => void seen.push(note))]);
    await opened.publish(laxNote, { note: '' }, { id: 'empty-note' });
    await expect.poll(() => deadLetterCommand(opened, 'list', 'notes').then((r) => r.output)).toContain('empty-note');

    const listed = await deadLetterCommand(opened, 'list', 'notes');
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
    const result = await runDeadLetters(['list', 'book'], {}, silentLogger());
    expect(result.exitCode).toBe(2);
    expect(result.output).toMatch(/Embedded mode keeps dead letters in the app process/);
  });
});
