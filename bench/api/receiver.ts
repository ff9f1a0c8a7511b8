import { createServer } from 'node:http';

/**
 * A webhook receiver for the API bench, in a process of its own so that its clock of arrival is not held up
 * by the dispatcher's event loop. It answers 200, or 500 to a share of calls at random (FAIL_RATE, 0–1),
 * and keeps per call: the event's id and `createdAt` (the body's), the `webhook-id`, when it arrived
 * (ms since the epoch) and what it answered. `GET /calls` hands them over; `DELETE /calls` forgets them.
 */
interface Call {
  eventId: string;
  createdAt: number;
  webhookId: string;
  arrivedAt: number;
  status: number;
}
const failRate = Number(process.env.FAIL_RATE ?? 0);
let calls: Call[] = [];
const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/calls') {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(calls));
    return;
  }
  if (request.method === 'DELETE' && request.url === '/calls') {
    calls = [];
    response.writeHead(204).end();
    return;
  }
  const arrivedAt = Date.now();
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: string; createdAt: string };
    const status = Math.random() < failRate ? 500 : 200;
    calls.push({
      eventId: body.id,
      createdAt: Date.parse(body.createdAt),
      webhookId: String(request.headers['webhook-id']),
      arrivedAt,
      status,
    });
    response.writeHead(status).end(status === 200 ? 'ok' : 'failing on purpose');
  });
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
});
process.once('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
