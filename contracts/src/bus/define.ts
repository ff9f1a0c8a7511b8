import { z } from 'zod';

/**
 * A bus request (request/reply): a subject, the payload schema and the reply schema.
 * Requests carry commands and queries that need an answer now (login, get book).
 */
export interface RequestDef<
  Name extends string = string,
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
> {
  readonly kind: 'request';
  readonly name: Name;
  readonly version: number;
  /** Subject without any deployment namespace prefix, e.g. `rpc.user.sign-up.v1`. */
  readonly subject: string;
  readonly request: Req;
  readonly response: Res;
  readonly description: string;
}

/**
 * A fact that other services react to, delivered at least once through a durable stream.
 * The version is part of the subject so a breaking change is a new event, never an edit.
 */
export interface EventDef<Name extends string = string, Schema extends z.ZodType = z.ZodType> {
  readonly kind: 'event';
  readonly name: Name;
  readonly version: number;
  /** Subject without any deployment namespace prefix, e.g. `evt.user.registered.v1`. */
  readonly subject: string;
  readonly schema: Schema;
  readonly description: string;
}

export type AnyRequestDef = RequestDef<string, z.ZodType, z.ZodType>;
export type AnyEventDef = EventDef<string, z.ZodType>;

export function defineRequest<Name extends string, Req extends z.ZodType, Res extends z.ZodType>(def: {
  name: Name;
  version: number;
  request: Req;
  response: Res;
  description: string;
}): RequestDef<Name, Req, Res> {
  return {
    kind: 'request',
    name: def.name,
    version: def.version,
    subject: `rpc.${def.name}.v${def.version}`,
    request: def.request,
    response: def.response,
    description: def.description,
  };
}

export function defineEvent<Name extends string, Schema extends z.ZodType>(def: {
  name: Name;
  version: number;
  schema: Schema;
  description: string;
}): EventDef<Name, Schema> {
  return {
    kind: 'event',
    name: def.name,
    version: def.version,
    subject: `evt.${def.name}.v${def.version}`,
    schema: def.schema,
    description: def.description,
  };
}

/** What travels on the wire for every event. `id` is the dedup key (`Nats-Msg-Id`). */
export const EventEnvelopeSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  correlationId: z.string().optional(),
  data: z.unknown(),
});
export type EventEnvelope = z.infer<typeof EventEnvelopeSchema>;

/** What travels on the wire for every reply: a value, or an error with an HTTP status and a message. */
export const ReplyEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({
    ok: z.literal(false),
    error: z.object({
      status: z.number().int(),
      msg: z.string(),
      code: z.string().optional(),
      /** Extra fields of a 4xx answer the client needs, e.g. `issues` of a refused export. */
      extra: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
]);
export type ReplyEnvelope = z.infer<typeof ReplyEnvelopeSchema>;
