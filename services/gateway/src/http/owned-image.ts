import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Blob } from '@bookwright/kit';
import { notModified } from './if-none-match';

/**
 * An image of the signed-in user's own (a cover, an avatar). Its id names one image forever (a new image
 * gets a new id), so the browser may keep it for a year; private because it is the owner's. A copy the
 * browser already holds is answered 304 with no body.
 */
export function sendOwnedImage(request: FastifyRequest, reply: FastifyReply, image: Blob): FastifyReply {
  const etag = `"${image.etag}"`;
  if (notModified(request.headers['if-none-match'], etag)) return reply.status(304).send();
  return reply
    .header('content-type', image.contentType)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', etag)
    .send(image.data);
}
