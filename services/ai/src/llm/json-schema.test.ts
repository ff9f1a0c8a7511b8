import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FictionBookStateSchema, NonFictionBookStateSchema } from '@bookwright/contracts/http';
import { dropNullOptionals, schemaForModel, type JsonSchema } from './json-schema';

/** Every object node of a schema, wherever it sits (properties, items, anyOf, $defs). */
function objects(node: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [];
  const visit = (n: unknown) => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(visit);
    const schema = n as JsonSchema;
    if (schema.type === 'object') found.push(schema);
    Object.values(schema).forEach(visit);
  };
  visit(node);
  return found;
}

describe('zod schemas described for strict structured outputs', () => {
  it.each([
    ['fiction plan', FictionBookStateSchema],
    ['non-fiction plan', NonFictionBookStateSchema],
    ['flat answer', z.object({ summary: z.string(), facts: z.array(z.string()) })],
  ] as const)('the %s schema is strict-compatible', (_name, schema) => {
    const { strict } = schemaForModel(schema);
    expect(strict).toBeDefined();
    for (const object of objects(strict as JsonSchema)) {
      expect(object.additionalProperties).toBe(false);
      expect(object.required).toEqual(Object.keys(object.properties as object));
    }
    // Keywords strict mode rejects are left to zod.
    expect(JSON.stringify(strict)).not.toMatch(/"(minLength|maxLength|default|\$schema)"/);
  });

  it('turns optional fields into nullable ones and back', () => {
    const schema = z.object({
      a: z.string(),
      b: z.number().optional(),
      c: z.object({ d: z.string().optional() }).optional(),
    });
    const { plain, strict } = schemaForModel(schema);
    expect(strict).toMatchObject({
      required: ['a', 'b', 'c'],
      properties: { b: { type: ['number', 'null'] }, c: { anyOf: [{ type: 'object' }, { type: 'null' }] } },
    });
    expect(dropNullOptionals({ a: 'x', b: null, c: { d: null } }, plain)).toEqual({ a: 'x', c: {} });
    expect(dropNullOptionals({ a: 'x', b: null, c: null }, plain)).toEqual({ a: 'x' });
  });

  it('keeps a null the schema itself allows', () => {
    const schema = z.object({
      a: z.string().nullable().optional(),
      list: z.array(z.object({ x: z.string().optional() })),
    });
    const { plain } = schemaForModel(schema);
    expect(dropNullOptionals({ a: null, list: [{ x: null }, { x: 'y' }] }, plain)).toEqual({
      a: null,
      list: [{}, { x: 'y' }],
    });
  });

  it('reports schemas strict mode cannot express', () => {
    expect(schemaForModel(z.object({ scores: z.record(z.string(), z.number()) })).strict).toBeUndefined();
    expect(schemaForModel(z.object({ anything: z.unknown() })).strict).toBeUndefined();
    expect(schemaForModel(z.array(z.string())).strict).toBeUndefined();
    expect(schemaForModel(z.object({ when: z.string().transform((s) => s.length) })).strict).toBeDefined();
  });
});
