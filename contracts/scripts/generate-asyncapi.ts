/**
 * Generates docs/events/asyncapi.json (AsyncAPI 3.0) from the typed registries of @bookwright/contracts,
 * so services outside Bookwright can subscribe to its events (ARCHITECTURE §6).
 *
 *   npm run asyncapi             writes the file
 *   npm run asyncapi -- --check  exits 1 when the file is out of date (CI)
 *
 * Every subject is prefixed with the deployment's bus namespace (BUS_NAMESPACE, default `bw`): the
 * document writes it as the channel parameter `{namespace}`. Payloads are the contract's zod schemas as
 * JSON Schema (draft-07, which AsyncAPI's default schema format extends), wrapped in the envelope that
 * travels on the wire: EventEnvelope for events, ReplyEnvelope for replies; requests travel bare. The
 * schemas describe the schemas' input side, because that is what the sender puts on the wire
 * (services/kit/src/bus/wire.ts) and what the receiver parses.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { z } from 'zod';
import {
  EventEnvelopeSchema,
  ReplyEnvelopeSchema,
  requests,
  type AnyEventDef,
  type AnyRequestDef,
} from '@bookwright/contracts/bus';
import { WebhookPayloadSchema, webhookEventTypes, webhookTestEventType } from '@bookwright/contracts/http';
import { events } from '@bookwright/contracts/events';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const asyncApiPath = join(root, 'docs', 'events', 'asyncapi.json');

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The registries, or any with the same shape (tests pass their own). */
export interface Registries {
  events: Record<string, AnyEventDef>;
  requests: Record<string, Record<string, AnyRequestDef>>;
}

const ref = (pointer: string): JsonObject => ({ $ref: pointer });

/** A zod schema as JSON Schema draft-07 without the `$schema` keyword (AsyncAPI's schema format). */
export function jsonSchema(schema: z.ZodType): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { target: 'draft-7', io: 'input' }) as JsonObject;
  return rest;
}

const pascal = (word: string) =>
  word.replace(/(^|[^A-Za-z0-9]+)([A-Za-z0-9])/g, (_, __, letter: string) => letter.toUpperCase());

/**
 * A payload's title, which code generators (Modelina, quicktype) take as the type's name:
 * `book.created` v1 → `BookCreatedV1`, `book.revisions.keep-before-rewrite` v1 request →
 * `BookRevisionsKeepBeforeRewriteRequestV1`.
 */
export function payloadTitle(name: string, version: number, kind: '' | 'Request' | 'Reply' = ''): string {
  return `${pascal(name)}${kind}V${version}`;
}

const isObject = (node: Json | undefined): node is JsonObject =>
  node !== null && typeof node === 'object' && !Array.isArray(node);

/**
 * The schema with a title on itself and on every object and enum inside it, named by the path from the
 * payload (`BookCreatedV1Data`, `BillingPlanChangedV1DataAccountType`, `…Item` for array items), so a
 * generator names every type it makes instead of numbering anonymous ones.
 */
const needsTitle = (node: JsonObject) => node.type === 'object' || 'properties' in node || 'enum' in node;

export function titled(schema: JsonObject, title: string): JsonObject {
  const named = (node: Json | undefined, name: string): Json | undefined => {
    if (!isObject(node)) return node;
    const out: JsonObject = {};
    if (needsTitle(node) && typeof node.title !== 'string') out.title = name;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'properties' && isObject(value))
        out.properties = Object.fromEntries(
          Object.entries(value).map(([property, child]) => [
            property,
            named(child, `${name}${pascal(property)}`) as Json,
          ]),
        );
      else if (key === 'items') out.items = named(value, `${name}Item`) as Json;
      else if (key === 'additionalProperties' && isObject(value)) out[key] = named(value, `${name}Value`) as Json;
      else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
        // A nullable object is one titled member beside `null`: it takes the name itself.
        const titledMembers = value.filter((member) => isObject(member) && needsTitle(member)).length;
        out[key] = value.map(
          (member, index) => named(member, titledMembers > 1 ? `${name}Option${index + 1}` : name) as Json,
        );
      } else out[key] = value;
    }
    return out;
  };
  return { title, ...(named(schema, title) as JsonObject) };
}

/** Requests and replies too large for one NATS message travel through the object store (nats-bus.ts). */
const largeBodyHeader = {
  'Bw-Body-Object': {
    type: 'string',
    description:
      'Set when the body was too large for one NATS message (over max_payload less 16 KiB): the message body ' +
      'is then empty, and the JSON body is the object of this name in the object store bucket ' +
      '`{namespace}_bus_bodies`. The receiver reads it and deletes it; uncollected bodies expire after an hour.',
  },
};

/** The owning domain of a contract name: `user.registered` → `user`. */
const domainOf = (name: string) => name.split('.')[0] ?? name;

export function generateAsyncApi(registries: Registries = { events, requests }): JsonObject {
  const { version } = JSON.parse(readFileSync(join(root, 'contracts', 'package.json'), 'utf8')) as { version: string };
  const channels: JsonObject = {};
  const operations: JsonObject = {};
  const messages: JsonObject = {};
  const namespaceParameter = { namespace: ref('#/components/parameters/namespace') };
  const claimed = new Set<string>();
  const claim = (subject: string, contract: string) => {
    if (claimed.has(subject)) throw new Error(`${contract}: subject ${subject} is used twice in the registries`);
    claimed.add(subject);
  };

  // Events: published to JetStream, delivered at least once.
  const eventDefs = Object.entries(registries.events).sort(([, a], [, b]) => a.subject.localeCompare(b.subject));
  for (const [key, def] of eventDefs) {
    claim(def.subject, `events.${key}`);
    const id = def.subject;
    const title = `${def.name} v${def.version}`;
    const envelope = EventEnvelopeSchema.extend({
      name: z.literal(def.name),
      version: z.literal(def.version),
      data: def.schema,
    });
    messages[id] = {
      name: def.name,
      title,
      summary: def.description,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'Nats-Msg-Id': {
            type: 'string',
            description: 'The envelope id. JetStream drops a second publish with the same id inside its dedup window.',
          },
        },
      },
      correlationId: ref('#/components/correlationIds/envelope'),
      payload: titled(jsonSchema(envelope), payloadTitle(def.name, def.version)),
      tags: [{ name: domainOf(def.name) }],
      'x-contract': `events.${key}`,
    };
    channels[id] = {
      address: `{namespace}.${def.subject}`,
      title,
      description: def.description,
      parameters: namespaceParameter,
      messages: { [id]: ref(`#/components/messages/${id}`) },
    };
    operations[id] = {
      action: 'send',
      channel: ref(`#/channels/${id}`),
      title: `Publish ${title}`,
      summary: def.description,
      description:
        'Bookwright publishes this event once the change it announces is committed, into the JetStream stream ' +
        "of the namespace's events (`BW_EVENTS` for namespace `bw`, subjects `bw.evt.>`). Consume it with a " +
        'durable consumer and explicit acks: delivery is at least once, so deduplicate on the envelope id. ' +
        'A breaking change becomes a new version on a new subject; this one never changes shape.',
      messages: [ref(`#/channels/${id}/messages/${id}`)],
      tags: [{ name: domainOf(def.name) }],
    };
  }

  // Requests: NATS core request/reply, answered by one member of the responder's queue group.
  const requestDefs = Object.entries(registries.requests)
    .flatMap(([group, defs]) =>
      Object.entries(defs).map(([key, def]) => ({ contract: `requests.${group}.${key}`, def })),
    )
    .sort((a, b) => a.def.subject.localeCompare(b.def.subject));
  const [okReply, errorReply] = ReplyEnvelopeSchema.options;
  for (const { contract, def } of requestDefs) {
    claim(def.subject, contract);
    const id = def.subject;
    const replyId = `${id}.reply`;
    const title = def.subject.replace(/^rpc\./, '').replace(/\.v(\d+)$/, ' v$1');
    const reply = z.discriminatedUnion('ok', [okReply.extend({ data: def.response }), errorReply]);
    messages[`${id}.request`] = {
      name: `${def.name} request`,
      title: `${title} request`,
      summary: def.description,
      contentType: 'application/json',
      headers: {
        type: 'object',
        properties: {
          'Bw-Request-Id': {
            type: 'string',
            description: "Optional. The caller's request id; the responder logs it on every line about this request.",
          },
          ...largeBodyHeader,
        },
      },
      payload: titled(jsonSchema(def.request), payloadTitle(def.name, def.version, 'Request')),
      tags: [{ name: domainOf(def.name) }],
      'x-contract': contract,
    };
    messages[replyId] = {
      name: `${def.name} reply`,
      title: `${title} reply`,
      summary: 'The value on success (`ok: true`), or an error with the HTTP status the gateway maps it to.',
      contentType: 'application/json',
      headers: { type: 'object', properties: largeBodyHeader },
      payload: titled(jsonSchema(reply), payloadTitle(def.name, def.version, 'Reply')),
      tags: [{ name: domainOf(def.name) }],
      'x-contract': contract,
    };
    channels[id] = {
      address: `{namespace}.${def.subject}`,
      title,
      description: def.description,
      parameters: namespaceParameter,
      messages: { request: ref(`#/components/messages/${id}.request`) },
    };
    channels[replyId] = {
      address: null,
      title: `${title} reply`,
      description: "The requester's inbox: the reply subject NATS sets on the request message.",
      messages: { reply: ref(`#/components/messages/${replyId}`) },
    };
    operations[id] = {
      action: 'receive',
      channel: ref(`#/channels/${id}`),
      title: `Answer ${title}`,
      summary: def.description,
      description:
        'Send the request with a reply subject and a timeout; one responder answers. No answer in time, or no ' +
        'responder, means the service is unavailable (the gateway answers 503).',
      messages: [ref(`#/channels/${id}/messages/request`)],
      reply: {
        channel: ref(`#/channels/${replyId}`),
        messages: [ref(`#/channels/${replyId}/messages/reply`)],
      },
      tags: [{ name: domainOf(def.name) }],
    };
  }

  addWebhooks(registries, { channels, operations, messages });

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Bookwright bus',
      version,
      description:
        'The events and request/reply subjects of Bookwright on NATS. Generated from the registries in ' +
        '@bookwright/contracts by contracts/scripts/generate-asyncapi.ts (`npm run asyncapi`): do not edit by hand. ' +
        'Every subject starts with the deployment namespace (`{namespace}`, BUS_NAMESPACE, default `bw`). ' +
        "Large bodies: a request or reply over the server's max_payload (less 16 KiB) travels as an object in " +
        'the JetStream object store bucket `{namespace}_bus_bodies`; the message is then empty and its ' +
        '`Bw-Body-Object` header names the object, which the receiver reads and deletes. Events are never ' +
        'that large: they carry ids, and readers ask the owner for the rest.',
    },
    defaultContentType: 'application/json',
    servers: {
      webhooks: {
        host: 'your-endpoint.example.com',
        protocol: 'https',
        title: 'Your webhook endpoint',
        description:
          'The https URL an Enterprise account registered (POST /api/v1/webhooks). Bookwright POSTs each event ' +
          'there, signed as Standard Webhooks: verify webhook-signature with the endpoint secret (whsec_…) over ' +
          '`webhook-id.webhook-timestamp.body`; the same webhook-id comes on every retry of one delivery.',
      },
      cluster: {
        host: 'nats:4222',
        protocol: 'nats',
        title: 'NATS in a Bookwright cluster',
        description:
          'The in-cluster NATS service (k8s/base/nats.yaml) with JetStream. Outside the cluster, use the address ' +
          'and credentials your operator gives you.',
      },
    },
    channels,
    operations,
    components: {
      parameters: {
        namespace: {
          description:
            'The deployment namespace that prefixes every subject (BUS_NAMESPACE: lower-case letters, digits and ' +
            '`_`, starting with a letter), so several deployments or test runs can share one NATS server.',
          default: 'bw',
          examples: ['bw'],
        },
      },
      correlationIds: {
        envelope: {
          description: 'Ties the events of one user action together across services.',
          location: '$message.payload#/correlationId',
        },
      },
      messages,
    },
  };
}

/**
 * The webhooks (issue 45, decision 0046): one channel per event an endpoint may subscribe to, on the
 * `webhooks` server only. The body is `{id, type, createdAt, data}`, `data` being the event's own payload.
 */
function addWebhooks(
  registries: Registries,
  into: { channels: JsonObject; operations: JsonObject; messages: JsonObject },
) {
  const byName = new Map(Object.values(registries.events).map((def) => [def.name, def]));
  const offered: Array<[string, z.ZodType, string]> = webhookEventTypes.flatMap((type) => {
    const def = byName.get(type);
    return def ? [[type, def.schema, def.description] as [string, z.ZodType, string]] : [];
  });
  if (offered.length === 0) return;
  offered.push([
    webhookTestEventType,
    z.object({ webhookId: z.string() }),
    'Sent by POST /api/v1/webhooks/{id}/test: nothing happened, the endpoint is being tried.',
  ]);
  const header = (description: string) => ({ type: 'string', description });
  for (const [type, data, description] of offered) {
    const id = `webhook.${type}`;
    const payload = WebhookPayloadSchema.extend({ type: z.literal(type), data });
    into.messages[id] = {
      name: id,
      title: `Webhook ${type}`,
      summary: description,
      contentType: 'application/json',
      headers: {
        type: 'object',
        required: ['webhook-id', 'webhook-timestamp', 'webhook-signature'],
        properties: {
          'webhook-id': header('The delivery id: the same on every retry, so deduplicate on it'),
          'webhook-timestamp': header('Seconds since the epoch when this attempt was signed'),
          'webhook-signature': header(
            'Space-separated `v1,<base64 HMAC-SHA256>` signatures of `id.timestamp.body`, one per live secret ' +
              '(two for 24 hours after a rotation)',
          ),
        },
      },
      payload: titled(jsonSchema(payload), payloadTitle(id, 1)),
      tags: [{ name: 'webhooks' }],
    };
    into.channels[id] = {
      address: null,
      title: `Webhook ${type}`,
      description: `${description} Delivered to the endpoints subscribed to ${type}, for the books their owner may read.`,
      servers: [ref('#/servers/webhooks')],
      messages: { [id]: ref(`#/components/messages/${id}`) },
    };
    into.operations[id] = {
      action: 'send',
      channel: ref(`#/channels/${id}`),
      title: `Deliver ${type}`,
      summary: 'POST to the endpoint; any 2xx acknowledges it.',
      description:
        'At least once: a failed attempt (no 2xx in 10 s) is retried with back-off for about 3 days, 8 attempts, ' +
        'then the endpoint is disabled and its owner mailed; 410 Gone disables it at once. Redirects are not followed.',
      messages: [ref(`#/channels/${id}/messages/${id}`)],
      tags: [{ name: 'webhooks' }],
    };
  }
}

/** The file's exact contents: 2-space JSON with a final newline. */
export function renderAsyncApi(registries?: Registries): string {
  return `${JSON.stringify(generateAsyncApi(registries), null, 2)}\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = renderAsyncApi();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(asyncApiPath, 'utf8');
    } catch {
      // Missing counts as out of date.
    }
    if (current !== text) {
      console.error('docs/events/asyncapi.json is out of date: run `npm run asyncapi`');
      process.exit(1);
    }
    console.log('docs/events/asyncapi.json is up to date');
  } else {
    mkdirSync(dirname(asyncApiPath), { recursive: true });
    writeFileSync(asyncApiPath, text);
    console.log(`wrote ${asyncApiPath}`);
  }
}
