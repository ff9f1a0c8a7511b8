import Fastify from 'fastify';
import { readFileSync } from 'node:fs';

/**
 * The anchor of the open and save rows (issue 22): a bare Fastify route answering the very bytes
 * GET /book/{id} answered (read from BODY_FILE into memory), and one parsing a save's body as Fastify parses
 * any JSON body (a whole manuscript or the chapters of a partial save), answering 204. No session, no database, no bus.
 */
const body = readFileSync(process.env.BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false, bodyLimit: 25 * 1024 * 1024 });
app.get('/api/v1/book/:bookId', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
app.patch('/api/v1/book/content/:bookId', async (request, reply) => {
  const body = request.body as { bookContent?: unknown; chapters?: unknown };
  if (typeof body.bookContent !== 'string' && !Array.isArray(body.chapters)) return reply.code(400).send();
  return reply.code(204).send();
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
