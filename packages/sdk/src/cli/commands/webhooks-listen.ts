import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import type { Bookwright } from '../../client/bookwright';
import { verifyWebhook, type WebhookDelivery } from '../../webhooks/verify-webhook';
import { contextOf, type CliContext } from '../context';
import { UsageError } from '../exit-codes';

/** The events a temporary endpoint subscribes to when --events is not given: every one offered. */
const offeredEvents = [
  'book.created',
  'book.planned',
  'book.ready',
  'book.failed',
  'book.trashed',
  'book.deleted',
  'comment.created',
  'book.member.added',
  'book.member.removed',
  'book.member.role-changed',
] as const;
type OfferedEvent = (typeof offeredEvents)[number];

/** Deliveries are small JSON documents; anything larger is not one of ours. */
const maxBodyBytes = 1024 * 1024;

async function bodyOf(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** One line per delivery: JSON under --json, else `type  id  bookId`. */
function printDelivery(ctx: CliContext, delivery: WebhookDelivery, headers: IncomingMessage['headers']) {
  if (ctx.json) {
    process.stdout.write(`${JSON.stringify({ ...delivery, webhookId: headers['webhook-id'] ?? null })}\n`);
    return;
  }
  const bookId = typeof delivery.data.bookId === 'string' ? `  book ${delivery.data.bookId}` : '';
  ctx.out(`${delivery.type}  ${String(headers['webhook-id'] ?? delivery.id)}${bookId}`);
}

/** A receiver that checks each delivery's Standard Webhooks signature: 204 when good, 400 when not. */
export function webhookReceiver(ctx: CliContext, secrets: () => string | undefined): Server {
  return createServer((request, response) => {
    void (async () => {
      if (request.method !== 'POST') return response.writeHead(405, { allow: 'POST' }).end();
      const body = await bodyOf(request);
      const secret = secrets();
      if (!body || !secret) return response.writeHead(body ? 503 : 413).end();
      try {
        const delivery = verifyWebhook(secret, body, request.headers);
        printDelivery(ctx, delivery, request.headers);
        response.writeHead(204).end();
      } catch (error) {
        ctx.note(`Refused a delivery: ${error instanceof Error ? error.message : String(error)}`);
        response.writeHead(400, { 'content-type': 'application/json' }).end('{"msg":"Invalid signature"}');
      }
    })();
  });
}

/** Makes an endpoint for this receiver (WEBHOOK_ALLOW_PRIVATE_TARGETS=1 on the server) and returns its id and secret. */
async function temporaryEndpoint(client: Bookwright, url: string, events: OfferedEvent[]) {
  const made = await client.ok(
    client.api.POST('/api/v1/webhooks', { body: { url, events, description: 'bookwright webhooks listen' } }),
  );
  return { id: made.id, secret: made.secret };
}

export function registerWebhooks(program: Command): void {
  const webhooks = program.command('webhooks').description('Receive webhooks while developing');
  webhooks
    .command('listen')
    .description('Receive webhook deliveries on a local port, verify their signatures and print each one')
    .option('--port <port>', 'the port to listen on (0: any free one)', '8787')
    .option('--host <host>', 'the address to listen on', '127.0.0.1')
    .option('--secret <secret>', 'the endpoint’s signing secret (whsec_…); default BOOKWRIGHT_WEBHOOK_SECRET')
    .option(
      '--events <events>',
      'without a secret: the events to subscribe to, comma-separated',
      offeredEvents.join(','),
    )
    .addHelpText(
      'after',
      '\nWith a secret, it only listens: point an endpoint (POST /api/v1/webhooks) at the address it prints.\n' +
        'Without one, it makes a temporary endpoint for this address with your token (scope webhooks:write),\n' +
        'and deletes it on Ctrl-C. The server must allow local targets: WEBHOOK_ALLOW_PRIVATE_TARGETS=1,\n' +
        'for development only. Under --json, one JSON line per delivery on stdout (the first says where it listens).',
    )
    .action(async (options: { port: string; host: string; secret?: string; events: string }, command: Command) => {
      const ctx = await contextOf(command);
      const port = Number(options.port);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new UsageError(`Not a port: ${options.port}`);
      const events = options.events
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const unknown = events.filter((e) => !(offeredEvents as readonly string[]).includes(e));
      if (unknown.length)
        throw new UsageError(`Unknown events: ${unknown.join(', ')} (offered: ${offeredEvents.join(', ')})`);

      let secret = options.secret?.trim() || process.env.BOOKWRIGHT_WEBHOOK_SECRET?.trim() || undefined;
      // Ask for a client before listening, so a missing token fails before anything is opened.
      const client = secret ? undefined : ctx.client();
      const server = webhookReceiver(ctx, () => secret);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, options.host, resolve);
      });
      const address = server.address() as AddressInfo;
      const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      const url = `http://${host}:${address.port}/`;
      let endpointId: string | undefined;
      try {
        if (client) {
          const endpoint = await temporaryEndpoint(client, url, events as OfferedEvent[]);
          endpointId = endpoint.id;
          secret = endpoint.secret;
        }
      } catch (error) {
        server.close();
        throw error;
      }
      if (ctx.json) process.stdout.write(`${JSON.stringify({ listening: url, endpointId: endpointId ?? null })}\n`);
      ctx.note(
        `Listening on ${url}${endpointId ? ` (temporary endpoint ${endpointId}, deleted on Ctrl-C)` : ''}; Ctrl-C to stop`,
      );

      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          resolve();
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
      server.closeAllConnections();
      server.close();
      if (client && endpointId) {
        await client.ok(client.api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: endpointId } } }));
        ctx.note(`Deleted the temporary endpoint ${endpointId}`);
      }
    });
}
