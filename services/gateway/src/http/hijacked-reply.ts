import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
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

/**
 * Takes the reply over as a Server-Sent Events stream (the book events, a rewrite as it is written): the
 * status and headers go out at once, with the headers Fastify would have added, and the caller writes the
 * events to the raw response it gets back.
 */
export function openEventStream(reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    ...headersSoFar(reply),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx-style proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  return res;
}
