import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { apiMessages } from '@bookwright/contracts/http';

export const frameworkMessages = {
  badUrl: 'The address is not valid',
  urlTooLong: 'The address is too long',
  headersTooLarge: 'The request headers are too large',
  badRequest: 'The request could not be read',
  timeout: 'The request took too long to arrive',
} as const;

/**
 * Errors Fastify meets before a route is chosen (an undecodable URL, a path segment longer than the
 * router takes) answer `{msg}` like every other error, instead of Fastify's own body.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // The onRequest hooks, which name the request id on every other answer, do not run for these.
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ msg: frameworkMessages.urlTooLong });
    return;
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ msg: frameworkMessages.badUrl });
    return;
  }
  void reply.status(500).send({ msg: apiMessages.internal });
}

/**
 * Errors Node's HTTP parser meets before Fastify sees a request (headers or URL over 16 KB, a broken
 * request line): the same `{msg}` body, written on the socket as Node itself would.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', frameworkMessages.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', frameworkMessages.timeout]
        : [400, 'Bad Request', frameworkMessages.badRequest];
  const body = JSON.stringify({ msg });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
