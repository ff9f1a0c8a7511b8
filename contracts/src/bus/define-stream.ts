import { z } from 'zod';

/**
 * A bus stream: one request answered by a sequence of deltas, then an end or an error. For an answer the
 * caller shows as it comes (a rewrite's text as the model writes it), where one reply would make it wait.
 */
export interface StreamDef<
  Name extends string = string,
  Req extends z.ZodType = z.ZodType,
  Delta extends z.ZodType = z.ZodType,
> {
  readonly kind: 'stream';
  readonly name: Name;
  readonly version: number;
  /** Subject without any deployment namespace prefix, e.g. `stream.writer.passage.rewrite.v1`. */
  readonly subject: string;
  readonly request: Req;
  readonly delta: Delta;
  readonly description: string;
}

export type AnyStreamDef = StreamDef<string, z.ZodType, z.ZodType>;

export function defineStream<Name extends string, Req extends z.ZodType, Delta extends z.ZodType>(def: {
  name: Name;
  version: number;
  request: Req;
  delta: Delta;
  description: string;
}): StreamDef<Name, Req, Delta> {
  return {
    kind: 'stream',
    name: def.name,
    version: def.version,
    subject: `stream.${def.name}.v${def.version}`,
    request: def.request,
    delta: def.delta,
    description: def.description,
  };
}

/**
 * What travels back on a stream, one frame per message: `start` once a responder took the request, the
 * deltas in order, `beat` while nothing else is sent (so a responder that died is noticed), and one `end`
 * or `error` (the status and msg of the error a request would have answered).
 */
export const StreamFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('start') }),
  z.object({ type: z.literal('delta'), data: z.unknown() }),
  z.object({ type: z.literal('beat') }),
  z.object({ type: z.literal('end') }),
  z.object({
    type: z.literal('error'),
    error: z.object({ status: z.number().int(), msg: z.string(), code: z.string().optional() }),
  }),
]);
export type StreamFrame = z.infer<typeof StreamFrameSchema>;
