import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the scripted server. Everything is optional: `{}` is an empty assistant message. */
export interface ScriptedReply {
  /** The assistant message's text. */
  content?: string;
  /** Shorthand for `content: JSON.stringify(json)`. */
  json?: unknown;
  /** Non-2xx answers carry an OpenAI-style error body: `{ error: { message, type, param, code } }`. */
  status?: number;
  errorMessage?: string;
  errorParam?: string;
  /** Seconds (may be fractional, which real servers never send but the client accepts), or an HTTP date. */
  retryAfter?: number | string;
  /** OpenAI's own `retry-after-ms` header. */
  retryAfterMs?: number;
  headers?: Record<string, string>;
  /** Default `stop`. */
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string;
  /** Token counts to report; default an estimate from the text (4 characters a token); `false` = no usage. */
  usage?: { promptTokens: number; completionTokens: number } | false;
  /** Never answer: the request stays open until the client gives up or the server closes. */
  hang?: boolean;
  /** Added to the server's `latencyMs` before this answer. */
  latencyMs?: number;
  /** Send this text as the HTTP body instead of a chat completion (e.g. broken JSON). */
  rawBody?: string;
  /** Streaming: the deltas to send; default the content split into words. */
  chunks?: string[];
  /** Streaming: pause between chunks. */
  chunkDelayMs?: number;
  /** Streaming: cut the connection after this many chunks. */
  breakAfterChunks?: number;
}

export interface ChatRequestBody {
  model?: string;
  messages?: { role: string; content: string }[];
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: unknown } };
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatRequestBody;
  receivedAt: number;
  /** What the server did with it. */
  outcome?: 'answered' | 'rejected-json-schema' | 'error' | 'hung' | 'raw';
}

export type ScriptStep = ScriptedReply | ((request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>);

export interface ScriptedServerOptions {
  /** Answers in order, one per chat request; then `respond`. */
  script?: ScriptStep[];
  /** Answers once the script is used up. Default: a 500 saying so, to make a too-short script obvious. */
  respond?: (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>;
  /** Fixed delay before every answer (benches: a model that takes this long per call). */
  latencyMs?: number;
  /** Answer 400 to `response_format.type === 'json_schema'`, as servers without structured outputs do. */
  rejectJsonSchema?: boolean;
  /** The model named in answers; default the request's. */
  model?: string;
}

export interface ScriptedOpenAiServer {
  /** Base URL for the SDK, ending in /v1. */
  readonly baseURL: string;
  /** Every request received, in order (including rejected and hung ones). */
  readonly requests: RecordedRequest[];
  /** Chat-completion requests only. */
  chatRequests(): RecordedRequest[];
  enqueue(...steps: ScriptStep[]): void;
  respondWith(respond: (request: RecordedRequest) => ScriptedReply | Promise<ScriptedReply>): void;
  setRejectJsonSchema(reject: boolean): void;
  close(): Promise<void>;
}

const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/**
 * A local server that speaks OpenAI's chat-completions protocol (plain and SSE streaming) and answers from a
 * script, so the real `openai` SDK can be tested against retries, timeouts, fallbacks and bad answers, and
 * benches can simulate a model with a fixed latency. Listens on 127.0.0.1 on a free port.
 */
export async function startScriptedOpenAiServer(options: ScriptedServerOptions = {}): Promise<ScriptedOpenAiServer> {
  const queue: ScriptStep[] = [...(options.script ?? [])];
  let respond = options.respond;
  let rejectJsonSchema = options.rejectJsonSchema ?? false;
  const requests: RecordedRequest[] = [];
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: ChatRequestBody = {};
      try {
        body = raw ? (JSON.parse(raw) as ChatRequestBody) : {};
      } catch {
        sendError(res, 400, 'request body is not JSON');
        return;
      }
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path,
        headers: req.headers,
        body,
        receivedAt: Date.now(),
      };
      requests.push(recorded);
      void handle(recorded, res).catch((error: unknown) => {
        if (!res.headersSent) sendError(res, 500, `scripted server failed: ${String(error)}`);
        else res.destroy();
      });
    });
  });

  async function handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    if (request.method === 'GET' && request.path === '/v1/models') {
      sendJson(res, 200, { object: 'list', data: [{ id: options.model ?? 'scripted', object: 'model' }] });
      return;
    }
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      sendError(res, 404, `no route ${request.method} ${request.path}`);
      return;
    }
    if (rejectJsonSchema && request.body.response_format?.type === 'json_schema') {
      request.outcome = 'rejected-json-schema';
      sendError(res, 400, "Invalid parameter: 'response_format' of type 'json_schema' is not supported.", {
        param: 'response_format',
      });
      return;
    }
    const step = queue.shift();
    const reply: ScriptedReply = step
      ? typeof step === 'function'
        ? await step(request)
        : step
      : respond
        ? await respond(request)
        : { status: 500, errorMessage: 'scripted server: the script has no answer left' };

    const delay = (options.latencyMs ?? 0) + (reply.latencyMs ?? 0);
    if (delay > 0) await wait(delay);
    if (reply.hang) {
      request.outcome = 'hung';
      return; // the socket stays open; the client's timeout or close() ends it
    }
    const headers: Record<string, string> = { ...reply.headers };
    if (reply.retryAfter !== undefined) headers['retry-after'] = String(reply.retryAfter);
    if (reply.retryAfterMs !== undefined) headers['retry-after-ms'] = String(reply.retryAfterMs);
    if (reply.status !== undefined && (reply.status < 200 || reply.status > 299)) {
      request.outcome = 'error';
      sendError(res, reply.status, reply.errorMessage ?? `scripted ${reply.status}`, {
        param: reply.errorParam,
        headers,
      });
      return;
    }
    if (reply.rawBody !== undefined) {
      request.outcome = 'raw';
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...headers });
      res.end(reply.rawBody);
      return;
    }
    request.outcome = 'answered';
    const content = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.content ?? '');
    const model = options.model ?? request.body.model ?? 'scripted';
    const id = `chatcmpl-scripted-${++counter}`;
    const created = Math.floor(Date.now() / 1000);
    const promptText = (request.body.messages ?? []).map((m) => m.content).join('\n');
    const usage =
      reply.usage === false
        ? undefined
        : {
            prompt_tokens: reply.usage?.promptTokens ?? estimateTokens(promptText),
            completion_tokens: reply.usage?.completionTokens ?? estimateTokens(content),
            total_tokens:
              (reply.usage?.promptTokens ?? estimateTokens(promptText)) +
              (reply.usage?.completionTokens ?? estimateTokens(content)),
          };
    const finishReason = reply.finishReason ?? 'stop';

    if (request.body.stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
      const event = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const base = { id, object: 'chat.completion.chunk', created, model };
      const deltas = reply.chunks ?? content.match(/\S+\s*|\s+/g) ?? [];
      event({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
      for (const [index, delta] of deltas.entries()) {
        if (reply.breakAfterChunks !== undefined && index >= reply.breakAfterChunks) {
          // Let the chunks already written reach the client, then cut the connection mid-stream.
          await wait(30);
          res.socket?.destroy();
          return;
        }
        if (reply.chunkDelayMs) await wait(reply.chunkDelayMs);
        event({ ...base, choices: [{ index: 0, delta: { content: delta }, finish_reason: null }] });
      }
      event({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finishReason }] });
      if (usage && request.body.stream_options?.include_usage) event({ ...base, choices: [], usage });
      res.end('data: [DONE]\n\n');
      return;
    }

    sendJson(
      res,
      200,
      {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: reply.refusal ?? null },
            finish_reason: finishReason,
            logprobs: null,
          },
        ],
        ...(usage ? { usage } : {}),
      },
      headers,
    );
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    chatRequests: () => requests.filter((r) => r.path === '/v1/chat/completions'),
    enqueue: (...steps) => void queue.push(...steps),
    respondWith: (fn) => {
      respond = fn;
    },
    setRejectJsonSchema: (reject) => {
      rejectJsonSchema = reject;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hung requests would keep close() waiting forever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: { param?: string | undefined; headers?: Record<string, string> } = {},
): void {
  const type = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  sendJson(res, status, { error: { message, type, param: extra.param ?? null, code: null } }, extra.headers);
}
