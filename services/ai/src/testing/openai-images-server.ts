import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody, sendJson, wait } from './http-helpers';
import { testImage } from './test-image';

/** One answer of the images server; `{}` is a generated PNG of the requested size, as base64. */
export interface ImagesReply {
  /** Non-2xx answers carry OpenAI's error body `{ error: { message, type, code } }`. */
  status?: number;
  errorMessage?: string;
  /** e.g. `content_policy_violation`, `moderation_blocked`, `insufficient_quota`. */
  errorCode?: string;
  retryAfter?: number;
  /** The image to answer; default a gradient PNG of the requested size. */
  image?: Buffer;
  /** Answer `{ url }` (served by this server) instead of `b64_json`, as dall-e does by default. */
  asUrl?: boolean;
  /** Answer no image at all (`data: []`). */
  empty?: boolean;
  hang?: boolean;
  latencyMs?: number;
}

export interface ImagesRequestBody {
  model?: string;
  prompt?: string;
  size?: string;
  n?: number;
  quality?: string;
  output_format?: string;
  response_format?: string;
  [key: string]: unknown;
}

export interface RecordedImagesRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ImagesRequestBody;
}

export interface OpenAiImagesServer {
  /** Base URL for the SDK, ending in /v1. */
  readonly baseURL: string;
  readonly requests: RecordedImagesRequest[];
  /** `POST /v1/images/generations` requests only. */
  generations(): RecordedImagesRequest[];
  enqueue(...replies: ImagesReply[]): void;
  close(): Promise<void>;
}

/**
 * A local server that speaks OpenAI's images API (`POST /v1/images/generations`), answering from a script
 * (then `respond`, default a generated PNG), so the real `openai` SDK can be tested against content-policy
 * refusals, rate limits, outages and hangs. Listens on 127.0.0.1 on a free port.
 */
export async function startOpenAiImagesServer(
  options: { script?: ImagesReply[]; respond?: (request: RecordedImagesRequest) => ImagesReply } = {},
): Promise<OpenAiImagesServer> {
  const queue = [...(options.script ?? [])];
  const requests: RecordedImagesRequest[] = [];
  const files = new Map<string, Buffer>();
  let counter = 0;
  let port = 0;

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (req.method === 'GET' && path.startsWith('/files/')) {
        const file = files.get(path.slice('/files/'.length));
        if (!file) return sendJson(res, 404, { error: { message: 'no such file' } });
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(file.length) });
        return void res.end(file);
      }
      let body: ImagesRequestBody = {};
      try {
        body = raw ? (JSON.parse(raw) as ImagesRequestBody) : {};
      } catch {
        return sendJson(res, 400, { error: { message: 'request body is not JSON', type: 'invalid_request_error' } });
      }
      const recorded = { method: req.method ?? 'GET', path, headers: req.headers, body };
      requests.push(recorded);
      if (req.method !== 'POST' || path !== '/v1/images/generations') {
        return sendJson(res, 404, {
          error: { message: `no route ${req.method} ${path}`, type: 'invalid_request_error' },
        });
      }
      const reply = queue.shift() ?? options.respond?.(recorded) ?? {};
      if (reply.latencyMs) await wait(reply.latencyMs);
      if (reply.hang) return; // closed by the client's timeout or close()
      if (reply.status !== undefined && (reply.status < 200 || reply.status > 299)) {
        const type =
          reply.status === 429 ? 'rate_limit_error' : reply.status >= 500 ? 'server_error' : 'invalid_request_error';
        return sendJson(
          res,
          reply.status,
          {
            error: {
              message: reply.errorMessage ?? `scripted ${reply.status}`,
              type,
              param: null,
              code: reply.errorCode ?? null,
            },
          },
          reply.retryAfter === undefined ? {} : { 'retry-after': String(reply.retryAfter) },
        );
      }
      const [width, height] = (body.size && /^\d+x\d+$/.test(body.size) ? body.size : '1024x1024')
        .split('x')
        .map(Number) as [number, number];
      const image = reply.image ?? (await testImage(width, height));
      const created = Math.floor(Date.now() / 1000);
      if (reply.empty) return sendJson(res, 200, { created, data: [] });
      if (reply.asUrl) {
        const id = `img-${++counter}.png`;
        files.set(id, image);
        return sendJson(res, 200, {
          created,
          data: [{ url: `http://127.0.0.1:${port}/files/${id}`, revised_prompt: body.prompt }],
        });
      }
      sendJson(res, 200, {
        created,
        data: [{ b64_json: image.toString('base64') }],
        output_format: body.output_format ?? 'png',
        size: body.size,
        usage: { input_tokens: 50, output_tokens: 1056, total_tokens: 1106 },
      });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `images server failed: ${String(error)}` } });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    generations: () => requests.filter((r) => r.path === '/v1/images/generations'),
    enqueue: (...replies) => void queue.push(...replies),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
