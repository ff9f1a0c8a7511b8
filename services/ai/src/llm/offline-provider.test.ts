import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LlmCallOptions } from './llm-provider';
import { createOfflineProvider } from './offline-provider';

const provider = createOfflineProvider();

const paragraphs = 'One paragraph.\n\nAnother paragraph.\n\nA third one.';
const call = (overrides: Partial<LlmCallOptions> = {}): LlmCallOptions => ({
  task: { kind: 'demo' },
  offline: () => paragraphs,
  ...overrides,
});

describe('offline provider', () => {
  it("answers the asking service's offline answer, validated against its schema", async () => {
    const schema = z.object({ title: z.string() });
    const { value } = await provider.generateStructured(schema, 'title', [], call({ offline: () => ({ title: 'T' }) }));
    expect(value).toEqual({ title: 'T' });
  });

  it('rejects an answer the caller schema does not accept, like any provider', async () => {
    const schema = z.object({ title: z.string() });
    await expect(
      provider.generateStructured(schema, 'title', [], call({ offline: () => ({ name: 'not a title' }) })),
    ).rejects.toMatchObject({ name: 'LlmError', retryable: false });
  });

  it('fails a call that brings no offline answer', async () => {
    await expect(provider.generateText([], { task: { kind: 'demo' } })).rejects.toMatchObject({
      name: 'LlmError',
      retryable: false,
    });
  });

  it('streams paragraphs through onDelta', async () => {
    const deltas: string[] = [];
    const result = await provider.streamText([], { ...call(), onDelta: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.join('')).toBe(result.text);
    expect(result.finishReason).toBe('stop');
    expect(result.usage.completionTokens).toBeGreaterThan(0);
  });

  it('waits latencyMs per call', async () => {
    // No clock reading: an immediate runs before any timer of the loop's next turn, so a call that waits
    // is still pending at it, and one that does not has settled.
    const settledAtNextTurn = async (latencyMs: number) => {
      let settled = false;
      const answer = createOfflineProvider({ latencyMs })
        .generateText([], call())
        .then(() => (settled = true));
      await new Promise((resolve) => setImmediate(resolve));
      const early = settled;
      await answer;
      return early;
    };
    expect(await settledAtNextTurn(0)).toBe(true);
    expect(await settledAtNextTurn(60)).toBe(false);
  });

  it('stops waiting when the caller aborts', async () => {
    const slow = createOfflineProvider({ latencyMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(slow.generateText([], call({ signal: controller.signal }))).rejects.toMatchObject({
      name: 'LlmError',
    });
  });
});
