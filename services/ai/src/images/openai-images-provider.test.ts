import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@bookwright/kit';
import { startOpenAiImagesServer, testImage, type OpenAiImagesServer } from '../testing';
import { ImagesError, type ImageRequest } from './images-provider';
import { createOpenAiImagesProvider, type OpenAiImagesProviderOptions } from './openai-images-provider';

let server: OpenAiImagesServer;
beforeEach(async () => {
  server = await startOpenAiImagesServer();
});
afterEach(async () => {
  await server.close();
});

const provider = (options: Partial<OpenAiImagesProviderOptions> = {}) =>
  createOpenAiImagesProvider({
    apiKey: 'sk-test',
    baseURL: server.baseURL,
    logger: silentLogger(),
    retryBaseDelayMs: 5,
    maxRetries: 2,
    ...options,
  });

const request = (size: ImageRequest['size'] = '1024x1536'): ImageRequest => ({
  prompt: 'A lighthouse in a storm',
  size,
  design: { title: 'T', style: 'realistic', mood: 'dramatic', colorScheme: 'cool' },
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ImagesError,
  );

describe('OpenAI images provider (real SDK, local server)', () => {
  it('answers the decoded base64 image of the requested size', async () => {
    const image = await provider().generateImage(request());
    expect(image).toMatchObject({ provider: 'openai', model: 'gpt-image-1', typeset: false });
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1536 });
    expect(server.generations()[0]?.body).toEqual({
      model: 'gpt-image-1',
      prompt: 'A lighthouse in a storm',
      n: 1,
      size: '1024x1536',
      quality: 'high',
      output_format: 'png',
    });
  });

  it('asks dall-e-3 for base64 in its nearest size, and downloads a URL answer', async () => {
    server.enqueue({ asUrl: true, image: await testImage(1024, 1792) });
    const image = await provider({ model: 'dall-e-3' }).generateImage(request());
    expect(server.generations()[0]?.body).toMatchObject({
      model: 'dall-e-3',
      size: '1024x1792',
      response_format: 'b64_json',
      quality: 'hd',
    });
    expect(await sharp(image.data).metadata()).toMatchObject({ width: 1024, height: 1792 });
  });

  it('retries a 500 and a 429 with a short Retry-After, then succeeds', async () => {
    server.enqueue({ status: 500 }, { status: 429, retryAfter: 0 });
    const image = await provider().generateImage(request('1024x1024'));
    expect(image.data.length).toBeGreaterThan(0);
    expect(server.generations()).toHaveLength(3);
  });

  it('gives up on a 429 that asks for a long wait, and never retries insufficient_quota', async () => {
    server.enqueue({ status: 429, retryAfter: 3600 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'rate-limited', status: 429 });
    expect(server.generations()).toHaveLength(1);
    server.enqueue({ status: 429, errorCode: 'insufficient_quota', retryAfter: 0 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'rate-limited' });
    expect(server.generations()).toHaveLength(2);
  });

  it('classifies refusals and configuration errors without retrying them', async () => {
    server.enqueue({
      status: 400,
      errorCode: 'content_policy_violation',
      errorMessage: 'Rejected by the safety system',
    });
    const refused = await failure(provider().generateImage(request()));
    expect(refused).toBeInstanceOf(ImagesError);
    expect(refused).toMatchObject({ kind: 'rejected', status: 400 });
    expect(refused?.message).toContain('Rejected by the safety system');
    server.enqueue({ status: 401 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'misconfigured', status: 401 });
    expect(server.generations()).toHaveLength(2);
  });

  it('fails as unavailable after its retries, on an empty answer, and on a hang (timeout)', async () => {
    server.enqueue({ status: 503 }, { status: 502 }, { status: 500 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'unavailable', status: 500 });
    expect(server.generations()).toHaveLength(3);
    server.enqueue({ empty: true });
    expect(await failure(provider({ maxRetries: 0 }).generateImage(request()))).toMatchObject({ kind: 'unavailable' });
    server.enqueue({ hang: true });
    const started = Date.now();
    const hung = await failure(provider({ maxRetries: 0, timeoutMs: 300 }).generateImage(request()));
    expect(hung).toMatchObject({ kind: 'unavailable' });
    expect(hung?.message).toMatch(/no image within/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const pending = provider().generateImage({ ...request(), signal: controller.signal });
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    await expect(pending).rejects.toThrow('client went away');
  });
});
