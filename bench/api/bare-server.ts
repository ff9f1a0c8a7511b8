import Fastify from 'fastify';

/**
 * The anchor of the API bench: a bare Fastify route answering `GET /api/v1/book` with the very bytes the
 * system answered (BARE_BODY), no authentication, no session, no bus. What the token or the session adds on
 * top shows as the ratio against this.
 */
const body = process.env.BARE_BODY ?? '[]';
const app = Fastify({ logger: false });
app.get('/api/v1/book', async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
