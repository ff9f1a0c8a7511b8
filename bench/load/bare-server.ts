import Fastify from 'fastify';

/**
 * The anchor of the load bench: a bare Fastify route answering a library-sized JSON list, no session, no
 * database, no bus. Whatever the product adds on top shows as the ratio against this.
 */
const library = Array.from({ length: 3 }, (_, i) => ({
  _id: `b${i}`.padEnd(24, '0'),
  title: `A book ${i}`,
  status: 'ready',
  genre: 'mystery',
  bookType: 'fiction',
  targetAudience: 'Adults',
  coverImage: null,
  createdAt: new Date(0).toISOString(),
  updatedAt: new Date(0).toISOString(),
}));
const app = Fastify({ logger: false });
app.get('/api/v1/book', async () => library);
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`listening on ${typeof address === 'object' && address ? address.port : ''}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
