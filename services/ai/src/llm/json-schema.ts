import { z } from 'zod';

/** A JSON Schema node as produced by `z.toJSONSchema` (only the keywords we look at are typed). */
export type JsonSchema = { [keyword: string]: unknown };

export interface SchemaForModel {
  /** The schema as zod describes it (optional properties are simply not required). */
  plain: JsonSchema;
  /**
   * The same schema in the subset OpenAI's strict structured outputs accept, or undefined when the schema
   * cannot be expressed there (records, `any`, intersections, a non-object root): such calls use
   * json_object mode with the schema described in the prompt.
   */
  strict: JsonSchema | undefined;
}

/**
 * Describes a zod schema for a model. `io: 'input'` because the model's answer is what zod parses (defaults
 * may be omitted, transforms see the raw value); transforms and other unrepresentable parts become `{}`
 * instead of throwing, which marks the schema as not strict-compatible.
 */
export function schemaForModel(schema: z.ZodType): SchemaForModel {
  let plain: JsonSchema;
  try {
    plain = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    // Cycles without ids and similar: the model still gets the validation errors in the repair round.
    plain = { type: 'object' };
  }
  delete plain.$schema;
  return { plain, strict: toStrict(plain) };
}

// Keywords strict mode accepts. Anything else (minLength, maxLength, default, propertyNames …) makes the API
// reject the whole request, so it is dropped: zod still enforces it on the answer, and the repair round
// reports a violation back to the model.
const keptKeywords = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'anyOf',
  'enum',
  'const',
  'description',
  '$ref',
  '$defs',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'pattern',
]);

class NotStrict extends Error {}

function toStrict(root: JsonSchema): JsonSchema | undefined {
  if (root.type !== 'object') return undefined;
  try {
    return strictNode(root);
  } catch (error) {
    if (error instanceof NotStrict) return undefined;
    throw error;
  }
}

function strictNode(node: JsonSchema): JsonSchema {
  if ('allOf' in node || 'oneOf' in node || 'not' in node || 'prefixItems' in node) throw new NotStrict();
  const hasShape = 'type' in node || 'anyOf' in node || 'enum' in node || 'const' in node || '$ref' in node;
  if (!hasShape) throw new NotStrict();
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) if (keptKeywords.has(key)) out[key] = value;

  if (isObjectType(node.type)) {
    // A record (schema-valued additionalProperties) has no fixed keys, which strict mode cannot express.
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) throw new NotStrict();
    const properties = (node.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((node.required as string[] | undefined) ?? []);
    const strictProperties: Record<string, JsonSchema> = {};
    for (const [name, property] of Object.entries(properties)) {
      const converted = strictNode(property);
      // Strict mode wants every property listed as required; "may be absent" becomes "may be null", and
      // the nulls are removed again before zod sees the answer (dropNullOptionals).
      strictProperties[name] = required.has(name) ? converted : nullable(converted);
    }
    out.properties = strictProperties;
    out.required = Object.keys(strictProperties);
    out.additionalProperties = false;
  }
  if (node.items !== undefined) {
    if (Array.isArray(node.items) || typeof node.items !== 'object') throw new NotStrict();
    out.items = strictNode(node.items as JsonSchema);
  }
  if (Array.isArray(node.anyOf)) out.anyOf = (node.anyOf as JsonSchema[]).map(strictNode);
  if (node.$defs !== undefined) {
    out.$defs = Object.fromEntries(
      Object.entries(node.$defs as Record<string, JsonSchema>).map(([name, def]) => [name, strictNode(def)]),
    );
  }
  return out;
}

function isObjectType(type: unknown): boolean {
  return type === 'object' || (Array.isArray(type) && type.includes('object'));
}

function allowsNull(node: JsonSchema): boolean {
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (Array.isArray(node.anyOf)) return (node.anyOf as JsonSchema[]).some(allowsNull);
  if (Array.isArray(node.enum)) return node.enum.includes(null);
  return false;
}

function nullable(node: JsonSchema): JsonSchema {
  if (allowsNull(node)) return node;
  // `type: [t, 'null']` for scalars (the form OpenAI documents); objects and arrays go in an anyOf.
  const scalar = ['string', 'number', 'integer', 'boolean'].includes(node.type as string);
  if (scalar && node.enum === undefined && node.const === undefined) {
    return { ...node, type: [node.type, 'null'] };
  }
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...(node.anyOf as JsonSchema[]), { type: 'null' }] };
  return { anyOf: [node, { type: 'null' }] };
}

/**
 * Removes `null` values the model gave for properties the original schema marks optional (and does not
 * allow to be null), walking the value alongside the plain schema. Models in strict mode must answer null for
 * an absent optional field, and other models often do the same unprompted.
 */
export function dropNullOptionals(value: unknown, schema: JsonSchema, root: JsonSchema = schema): unknown {
  const node = resolveRef(schema, root);
  if (Array.isArray(value)) {
    const items = node.items;
    if (items && typeof items === 'object' && !Array.isArray(items)) {
      return value.map((item) => dropNullOptionals(item, items as JsonSchema, root));
    }
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return value;
  const required = new Set((node.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const property = properties[key];
    if (item === null && property && !required.has(key) && !allowsNull(resolveRef(property, root))) continue;
    out[key] = property ? dropNullOptionals(item, property, root) : item;
  }
  return out;
}

function resolveRef(node: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  if (ref === '#') return root;
  const match = /^#\/\$defs\/(.+)$/.exec(ref);
  const defs = root.$defs as Record<string, JsonSchema> | undefined;
  return (match && defs?.[match[1] ?? '']) || node;
}
