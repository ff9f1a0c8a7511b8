import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson, wait } from './http-helpers';
import { testImage } from './test-image';

/** One prediction's script; `{}` succeeds at once (within `Prefer: wait`) with a generated PNG. */
export interface PredictionReply {
  /** Non-2xx answer to the create request, with Replicate's problem body `{ title, detail, status }`. */
  status?: number;
  detail?: string;
  retryAfter?: number;
  /** How the prediction ends. Default `succeeded`. */
  outcome?: 'succeeded' | 'failed' | 'canceled';
  /** The prediction's `error` when it failed (e.g. "NSFW content detected"). */
  error?: string;
  /** Status polls answered `processing` before the outcome; 0 (default) = done within the create request. */
  pollsBeforeDone?: number;
  /** Never finish (stays `processing`). */
  neverFinish?: boolean;
  image?: Buffer;
  /** Output as a list of URLs (flux-dev, flux-schnell) instead of one URL (flux-1.1-pro). */
  outputAsList?: boolean;
  /** The output file answers this HTTP status instead of the image. */
  fileStatus?: number;
}

export interface RecordedReplicateRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: { input?: Record<string, unknown>; version?: string; [key: string]: unknown };
}

export interface ReplicateServer {
  /** Base URL for the SDK (`baseUrl`), ending in /v1. */
  readonly baseUrl: string;
  readonly requests: RecordedReplicateRequest[];
  /** Prediction-creating requests only. */
  creations(): RecordedReplicateRequest[];
  /** Ids of predictions that were canceled. */
  readonly canceled: string[];
  enqueue(...replies: PredictionReply[]): void;
  close(): Promise<void>;
}

interface Prediction {
  id: string;
  model: string;
  version: string;
  input: Record<string, unknown>;
  reply: PredictionReply;
  polls: number;
  status: string;
  output: unknown;
  error: string | null;
}

/**
 * A local server that speaks Replicate's predictions API (`POST /v1/models/{owner}/{name}/predictions`,
 * `POST /v1/predictions`, `GET /v1/predictions/{id}`, `POST …/cancel`) and serves the output files, so the
 * real `replicate` SDK can be tested against throttling, refusals, failed and slow predictions.
 */
export async function startReplicateServer(options: { script?: PredictionReply[] } = {}): Promise<ReplicateServer> {
  const queue = [...(options.script ?? [])];
  const requests: RecordedReplicateRequest[] = [];
  const predictions = new Map<string, Prediction>();
  const files = new Map<string, { image: Buffer; status: number }>();
  const canceled: string[] = [];
  let port = 0;
  const base = () => `http://127.0.0.1:${port}`;

  const view = (p: Prediction) => ({
    id: p.id,
    model: p.model,
    version: p.version,
    input: p.input,
    logs: '',
    output: p.output,
    data_removed: false,
    error: p.error,
    status: p.status,
    source: 'api',
    created_at: new Date().toISOString(),
    urls: { get: `${base()}/v1/predictions/${p.id}`, cancel: `${base()}/v1/predictions/${p.id}/cancel` },
  });

  async function finish(p: Prediction): Promise<void> {
    const outcome = p.reply.outcome ?? 'succeeded';
    p.status = outcome;
    if (outcome === 'failed') p.error = p.reply.error ?? 'Prediction failed';
    if (outcome !== 'succeeded') return;
    const ratio = String(p.input.aspect_ratio ?? '1:1');
    const [w, h] = ratio === '2:3' ? [512, 768] : ratio === '3:2' ? [768, 512] : [640, 640];
    const image = p.reply.image ?? (await testImage(w, h));
    const name = `${p.id}.png`;
    files.set(name, { image, status: p.reply.fileStatus ?? 200 });
    const url = `${base()}/files/${name}`;
    p.output = p.reply.outputAsList ? [url] : url;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const method = req.method ?? 'GET';
      if (method === 'GET' && path.startsWith('/files/')) {
        const file = files.get(path.slice('/files/'.length));
        if (!file) return sendJson(res, 404, { detail: 'Not found' });
        if (file.status !== 200) return sendJson(res, file.status, { detail: 'file unavailable' });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(file.image.length) });
        return void res.end(file.image);
      }
      const body = raw ? (JSON.parse(raw) as RecordedReplicateRequest['body']) : {};
      requests.push({ method, path, headers: req.headers, body });
      const problem = (status: number, detail: string, headers: Record<string, string> = {}) =>
        sendJson(res, status, { title: status === 429 ? 'Request was throttled' : 'Error', detail, status }, headers);

      const modelRoute = /^\/v1\/models\/([\w.-]+)\/([\w.-]+)\/predictions$/.exec(path);
      if (method === 'POST' && (modelRoute || path === '/v1/predictions')) {
        if (!req.headers.authorization?.startsWith('Bearer '))
          return problem(401, 'You did not pass a valid authentication token');
        const reply = queue.shift() ?? {};
        if (reply.status !== undefined && reply.status >= 300) {
          return problem(
            reply.status,
            reply.detail ?? `scripted ${reply.status}`,
            reply.retryAfter === undefined ? {} : { 'retry-after': String(reply.retryAfter) },
          );
        }
        const p: Prediction = {
          id: randomUUID().replace(/-/g, '').slice(0, 26),
          model: modelRoute ? `${modelRoute[1]}/${modelRoute[2]}` : 'unknown/versioned',
          version: body.version ?? 'hidden',
          input: body.input ?? {},
          reply,
          polls: 0,
          status: 'starting',
          output: null,
          error: null,
        };
        predictions.set(p.id, p);
        // `Prefer: wait`: done within the request unless the script wants polls.
        if (!reply.neverFinish && !reply.pollsBeforeDone && String(req.headers.prefer ?? '').startsWith('wait'))
          await finish(p);
        return sendJson(res, 201, view(p));
      }
      const get = /^\/v1\/predictions\/([\w-]+)$/.exec(path);
      if (method === 'GET' && get) {
        const p = predictions.get(get[1]!);
        if (!p) return problem(404, 'Not found');
        p.polls += 1;
        if (!['succeeded', 'failed', 'canceled'].includes(p.status)) {
          if (!p.reply.neverFinish && p.polls > (p.reply.pollsBeforeDone ?? 0)) await finish(p);
          else p.status = 'processing';
        }
        return sendJson(res, 200, view(p));
      }
      const cancel = /^\/v1\/predictions\/([\w-]+)\/cancel$/.exec(path);
      if (method === 'POST' && cancel) {
        const p = predictions.get(cancel[1]!);
        if (!p) return problem(404, 'Not found');
        p.status = 'canceled';
        canceled.push(p.id);
        await wait(0);
        return sendJson(res, 200, view(p));
      }
      return problem(404, `no route ${method} ${path}`);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { detail: `replicate server failed: ${String(error)}`, status: 500 });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `${base()}/v1`,
    requests,
    creations: () => requests.filter((r) => r.method === 'POST' && !r.path.endsWith('/cancel')),
    canceled,
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
