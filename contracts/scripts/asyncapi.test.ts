import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent, defineRequest, requests } from '@bookwright/contracts/bus';
import { events } from '@bookwright/contracts/events';
import { asyncApiPath, generateAsyncApi, jsonSchema, payloadTitle, renderAsyncApi, titled } from './generate-asyncapi';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const document = generateAsyncApi();
const section = (name: string) => document[name] as JsonObject;
const components = section('components');

/** Follows a local JSON pointer (`#/a/b`) through the document. */
function resolve(pointer: string): Json | undefined {
  let node: Json | undefined = document;
  for (const raw of pointer.replace(/^#\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = node !== null && typeof node === 'object' && !Array.isArray(node) ? node[key] : undefined;
  }
  return node;
}

function refsIn(node: Json, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

describe('docs/events/asyncapi.json', () => {
  it('gives every payload a unique title that code generators can name a type after', () => {
    const messages = Object.values(components.messages as JsonObject) as JsonObject[];
    const titles = messages.map((message) => (message.payload as JsonObject).title);
    expect(titles.every((title) => typeof title === 'string' && /^[A-Z][A-Za-z0-9]*V\d+$/.test(title))).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles).toContain('BookCreatedV1');
  });

  it('spells payload titles in Pascal case with the version last', () => {
    expect(payloadTitle('book.revisions.keep-before-rewrite', 1, 'Request')).toBe(
      'BookRevisionsKeepBeforeRewriteRequestV1',
    );
    expect(payloadTitle('user.deleted', 2)).toBe('UserDeletedV2');
  });

  it('is up to date with the contracts', () => {
    let committed = '';
    try {
      committed = readFileSync(asyncApiPath, 'utf8');
    } catch {
      // Reported below.
    }
    // Compare parsed documents first for a readable diff, then the exact text (formatting included).
    expect(
      committed ? JSON.parse(committed) : null,
      'docs/events/asyncapi.json is out of date: run `npm run asyncapi`',
    ).toEqual(JSON.parse(renderAsyncApi()));
    expect(committed === renderAsyncApi(), 'docs/events/asyncapi.json is out of date: run `npm run asyncapi`').toBe(
      true,
    );
  });

  it('is an AsyncAPI 3.0 document whose every $ref resolves', () => {
    expect(document.asyncapi).toBe('3.0.0');
    const dangling = refsIn(document).filter((pointer) => !pointer.startsWith('#/') || resolve(pointer) === undefined);
    expect(dangling).toEqual([]);
    // Component keys must match AsyncAPI's pattern.
    for (const group of Object.values(components)) {
      for (const key of Object.keys(group as JsonObject)) expect(key).toMatch(/^[a-zA-Z0-9.\-_]+$/);
    }
  });

  it('has one channel per registry event, namespaced, carrying the payload in the event envelope', () => {
    const channels = section('channels');
    for (const def of Object.values(events)) {
      const channel = channels[def.subject] as JsonObject | undefined;
      expect(channel, `channel for ${def.subject}`).toBeDefined();
      expect(channel?.address).toBe(`{namespace}.${def.subject}`);
      expect((channel?.parameters as JsonObject).namespace).toEqual({ $ref: '#/components/parameters/namespace' });

      const message = (components.messages as JsonObject)[def.subject] as JsonObject;
      const payload = message.payload as { properties: Record<string, Json>; required: string[] };
      expect(payload.required).toEqual(expect.arrayContaining(['id', 'name', 'version', 'occurredAt', 'data']));
      expect(payload.properties.name).toMatchObject({ const: def.name });
      expect(payload.properties.version).toMatchObject({ const: def.version });
      expect(payload.properties.data).toEqual(
        titled(jsonSchema(def.schema), `${payloadTitle(def.name, def.version)}Data`),
      );

      const operation = section('operations')[def.subject] as JsonObject;
      expect(operation).toMatchObject({ action: 'send', channel: { $ref: `#/channels/${def.subject}` } });
    }
  });

  it('has a request channel and a reply for every registry request', () => {
    const channels = section('channels');
    for (const def of Object.values(requests).flatMap((group) => Object.values(group))) {
      expect((channels[def.subject] as JsonObject | undefined)?.address, def.subject).toBe(
        `{namespace}.${def.subject}`,
      );
      const operation = section('operations')[def.subject] as JsonObject;
      expect(operation).toMatchObject({
        action: 'receive',
        reply: { channel: { $ref: `#/channels/${def.subject}.reply` } },
      });
      const reply = (components.messages as JsonObject)[`${def.subject}.reply`] as JsonObject;
      expect(JSON.stringify(reply.payload)).toContain('"ok"');
    }
  });

  it('declares every channel parameter its address uses', () => {
    for (const [id, channel] of Object.entries(section('channels')) as [string, JsonObject][]) {
      const used = [...String(channel.address ?? '').matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(Object.keys((channel.parameters as JsonObject | undefined) ?? {}).sort(), id).toEqual(used.sort());
    }
  });

  it('refuses two contracts on one subject', () => {
    const twice = defineEvent({ name: 'test.thing', version: 1, schema: z.object({}), description: 'x' });
    expect(() => generateAsyncApi({ events: { a: twice, b: twice }, requests: {} })).toThrow(/used twice/);
    const request = defineRequest({
      name: 'test.ask',
      version: 1,
      request: z.object({}),
      response: z.object({}),
      description: 'x',
    });
    expect(() => generateAsyncApi({ events: {}, requests: { a: { one: request }, b: { two: request } } })).toThrow(
      /used twice/,
    );
  });
});
