import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '@bookwright/kit';
import { startReplicateServer, type ReplicateServer } from '../testing';
import type { ImageRequest, ImagesError } from './images-provider';
import { createReplicateProvider, type ReplicateProviderOptions } from './replicate-provider';

let server: ReplicateServer;
beforeEach(async () => {
  server = await startReplicateServer();
});
afterEach(async () => {
  await server.close();
});

const provider = (options: Partial<ReplicateProviderOptions> = {}) =>
  createReplicateProvider({
    auth: 'r8_test',
    baseUrl: server.baseUrl,
    logger: silentLogger(),
    pollIntervalMs: 10,
    retryBaseDelayMs: 5,
    maxRetries: 1,
    ...options,
  });

const request = (size: ImageRequest['size'] = '1024x1536'): ImageRequest => ({
  prompt: 'A castle above the clouds',
  size,
  design: { title: 'T', style: 'fantasy', mood: 'adventure', colorScheme: 'warm' },
});
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as ImagesError,
  );

describe('Replicate provider (real SDK, local server)', () => {
  it('creates a prediction of the official model with the aspect ratio and downloads its output', async () => {
    const image = await provider().generateImage(request());
    expect(image).toMatchObject({ provider: 'replicate', model: 'black-forest-labs/flux-1.1-pro', typeset: false });
    expect(await sharp(image.data).metadata()).toMatchObject({ format: 'png', width: 512, height: 768 });
    const [created] = server.creations();
    expect(created?.path).toBe('/v1/models/black-forest-labs/flux-1.1-pro/predictions');
    expect(created?.body.input).toEqual({
      prompt: 'A castle above the clouds',
      aspect_ratio: '2:3',
      output_format: 'png',
    });
  });

  it('uses /predictions with the version of a versioned model, and polls until it is done', async () => {
    const version = 'f'.repeat(64);
    server.enqueue({ pollsBeforeDone: 3, outputAsList: true });
    const image = await provider({ model: `black-forest-labs/flux-dev:${version}` }).generateImage(
      request('1536x1024'),
    );
    expect(await sharp(image.data).metadata()).toMatchObject({ width: 768, height: 512 });
    const [created] = server.creations();
    expect(created?.path).toBe('/v1/predictions');
    expect(created?.body).toMatchObject({ version, input: { aspect_ratio: '3:2' } });
    // Three answers `processing`, the fourth the outcome.
    expect(server.requests.filter((r) => r.method === 'GET').length).toBe(4);
  });

  it('a prediction refused by the safety checker is rejected; a crashed one is retried', async () => {
    server.enqueue({ outcome: 'failed', error: 'NSFW content detected.' });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'rejected' });
    expect(server.creations()).toHaveLength(1);
    server.enqueue({ outcome: 'failed', error: 'CUDA error: out of memory' }, {});
    await expect(provider().generateImage(request())).resolves.toMatchObject({ provider: 'replicate' });
    expect(server.creations()).toHaveLength(3);
  });

  it('classifies HTTP answers: 422 rejected, 401 misconfigured, 5xx and unreadable output unavailable', async () => {
    server.enqueue({ status: 422, detail: 'input.aspect_ratio is invalid' });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'rejected', status: 422 });
    server.enqueue({ status: 401 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'misconfigured', status: 401 });
    server.enqueue({ status: 500 }, { status: 503 });
    expect(await failure(provider().generateImage(request()))).toMatchObject({ kind: 'unavailable', status: 503 });
    server.enqueue({ fileStatus: 404 });
    expect(await failure(provider({ maxRetries: 0 }).generateImage(request()))).toMatchObject({ kind: 'unavailable' });
  });

  it('throttling: the SDK retries a 429 itself, then it is rate-limited', async () => {
    server.enqueue(...Array.from({ length: 6 }, () => ({ status: 429, detail: 'Request was throttled.' })));
    expect(await failure(provider({ maxRetries: 0 }).generateImage(request()))).toMatchObject({
      kind: 'rate-limited',
      status: 429,
    });
    expect(server.creations()).toHaveLength(6);
  });

  it('cancels a prediction that outlives the timeout', async () => {
    server.enqueue({ neverFinish: true });
    const failed = await failure(provider({ maxRetries: 0, timeoutMs: 300 }).generateImage(request()));
    expect(failed).toMatchObject({ kind: 'unavailable' });
    expect(server.canceled).toHaveLength(1);
  });
});
