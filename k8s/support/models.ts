/**
 * Schema checks for rendered Kubernetes objects, offline.
 *
 * `kubernetes-models` validates each object against the Kubernetes OpenAPI schema, but it accepts fields
 * the schema does not define (a typo such as `readOnlyRootFileSystem` would pass, and the API server would
 * silently drop it). Its validators are compiled code with no schema left to read, so `unknownFields`
 * watches them instead: it runs the validator once more on a Proxy of the object and records which keys
 * the validator reads. A validator reads every property its schema defines and enumerates the keys of
 * maps (labels, resources.limits, ConfigMap data); any key it neither read nor reached by enumeration
 * is unknown to the schema.
 */

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

interface Model {
  validate(): void;
}
type ModelClass = new (data: object) => Model;

const classes = new Map<string, ModelClass>();

/** The kubernetes-models class for an apiVersion and kind, e.g. `apps/v1` + `Deployment`. */
export async function modelClass(apiVersion: string, kind: string): Promise<ModelClass> {
  const key = `${apiVersion}/${kind}`;
  const cached = classes.get(key);
  if (cached) return cached;
  // Core objects live at `kubernetes-models/v1/<Kind>`, the others at `kubernetes-models/<group>/<version>/<Kind>`.
  const specifier = `kubernetes-models/${apiVersion}/${kind}`;
  const module = (await import(/* @vite-ignore */ specifier).catch(() => {
    throw new Error(`kubernetes-models has no model for ${apiVersion} ${kind}`);
  })) as Record<string, unknown>;
  const found = module[kind];
  if (typeof found !== 'function') throw new Error(`kubernetes-models has no model for ${apiVersion} ${kind}`);
  classes.set(key, found as ModelClass);
  return found as ModelClass;
}

/** The schema violations of an object, as kubernetes-models words them; empty when valid. */
export async function schemaErrors(object: K8sObject): Promise<string[]> {
  const Model = await modelClass(object.apiVersion, object.kind);
  try {
    new Model(object).validate();
    return [];
  } catch (error) {
    return [(error as Error).message];
  }
}

/** JSON-pointer paths of the fields of `object` that its schema does not define. */
export async function unknownFields(object: K8sObject): Promise<string[]> {
  const Model = await modelClass(object.apiVersion, object.kind);
  const seen = new Map<object, { path: string; read: Set<string>; enumerated: boolean; proxy: object }>();

  const watch = (value: unknown, path: string): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const known = seen.get(value);
    if (known) return known.proxy;
    const entry = { path, read: new Set<string>(), enumerated: false, proxy: value };
    entry.proxy = new Proxy(value, {
      get(target, property, receiver) {
        const result: unknown = Reflect.get(target, property, receiver);
        if (typeof property !== 'string' || !Object.hasOwn(target, property)) return result;
        entry.read.add(property);
        return watch(result, `${path}/${property}`);
      },
      ownKeys(target) {
        entry.enumerated = true;
        return Reflect.ownKeys(target);
      },
    });
    seen.set(value, entry);
    return entry.proxy;
  };

  // The validate method kubernetes-models installs runs the compiled schema on `this`. It reads every
  // field before it throws, so a schema error (reported by schemaErrors) does not hide unknown fields.
  const validate = (Model.prototype as Model).validate as (this: unknown) => void;
  try {
    validate.call(watch(structuredClone(object), ''));
  } catch {
    // Reported by schemaErrors.
  }

  const unknown: string[] = [];
  for (const [value, entry] of seen) {
    if (Array.isArray(value) || entry.enumerated) continue;
    for (const key of Object.keys(value)) if (!entry.read.has(key)) unknown.push(`${entry.path}/${key}`);
  }
  return unknown.sort();
}
