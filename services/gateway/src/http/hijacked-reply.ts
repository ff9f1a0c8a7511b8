import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * The headers a reply carries so far (security headers, rate-limit counts, the request id), for a route
 * that hijacks the reply and writes the raw response itself: Fastify applies them only to answers it sends.
 */
export function headersSoFar(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  return headers;
}
