import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { events } from '../events/registry';
import { requests } from './registry';
import { streams } from '../streams/registry';

/**
 * A behaviour's name is its address (docs/adding-a-service.md): the handler of `svc.noun.verb` is
 * `services/svc/src/handlers/<verb>-<noun>.ts`, of a one-word `svc.verb` `handlers/<verb>.ts`, and the
 * consumer of an event `handlers/on-<event>.ts`, in every service.
 */
const services = fileURLToPath(new URL('../../../services/', import.meta.url));

/** The file a request's handler lives in, by the naming rule alone. */
function handlerFileOf(requestName: string): string {
  const [, noun, verb, ...rest] = requestName.split('.');
  if (!noun || rest.length > 0) throw new Error(`${requestName} is not svc.verb or svc.noun.verb`);
  return verb ? `${verb}-${noun}.ts` : `${noun}.ts`;
}

/** The file an event's consumer lives in, the same in every service. */
function consumerFileOf(eventName: string): string {
  return `on-${eventName.replaceAll('.', '-')}.ts`;
}

const eventNames = new Map<string, string>(Object.entries(events).map(([key, def]) => [key, def.name]));

describe('one handler file per request, named after it', () => {
  it('spells the rule the way adding-a-service.md does', () => {
    expect(handlerFileOf('book.revisions.list')).toBe('list-revisions.ts');
    expect(handlerFileOf('user.profile.get')).toBe('get-profile.ts');
    expect(handlerFileOf('book.confirm')).toBe('confirm.ts');
    expect(handlerFileOf('billing.plan.preview-switch')).toBe('preview-switch-plan.ts');
    expect(consumerFileOf('book.planning-requested')).toBe('on-book-planning-requested.ts');
    expect(() => handlerFileOf('book')).toThrow();
  });

  for (const [service, group] of Object.entries(requests)) {
    it(`finds every request of ${service} in handlers/ under its own name`, () => {
      const missing = Object.values(group)
        .filter((def) => !def.name.endsWith('.health'))
        .map((def) => `${def.name} → ${handlerFileOf(def.name)}`)
        .filter((entry) => !existsSync(`${services}${service}/src/handlers/${entry.split(' → ')[1]}`));
      expect(missing).toEqual([]);
    });

    it(`finds every stream ${service} answers in handlers/ under its own name`, () => {
      const group = (streams as Record<string, Record<string, { name: string }>>)[service] ?? {};
      const missing = Object.values(group)
        .map((def) => `${def.name} → ${handlerFileOf(def.name)}`)
        .filter((entry) => !existsSync(`${services}${service}/src/handlers/${entry.split(' → ')[1]}`));
      expect(missing).toEqual([]);
    });

    it(`finds every event ${service} consumes in handlers/on-<event>.ts`, () => {
      const serviceFile = readFileSync(`${services}${service}/src/service.ts`, 'utf8');
      const consumed = [...serviceFile.matchAll(/\bon\(\s*events\.(\w+)/g)].map(([, key]) => eventNames.get(key!));
      const missing = consumed
        .map((name) => `${name} → ${consumerFileOf(name ?? 'unknown event')}`)
        .filter((entry) => !existsSync(`${services}${service}/src/handlers/${entry.split(' → ')[1]}`));
      expect(missing).toEqual([]);
    });
  }
});

describe('handlers/ holds handlers only', () => {
  const answered = (service: string) => [
    ...Object.values((requests as Record<string, Record<string, { name: string }>>)[service] ?? {}),
    ...Object.values((streams as Record<string, Record<string, { name: string }>>)[service] ?? {}),
  ];
  const requestFiles = new Map(
    Object.keys({ ...requests, ...streams }).map((service) => [
      service,
      new Set(answered(service).map((def) => handlerFileOf(def.name))),
    ]),
  );
  const consumerFiles = new Set(Object.values(events).map((def) => consumerFileOf(def.name)));

  const servicesWithHandlers = readdirSync(services).filter((service) =>
    existsSync(`${services}${service}/src/handlers`),
  );
  it.each(servicesWithHandlers)(
    '%s: every file is a request or stream handler, an event consumer or deps.ts',
    (service) => {
      const strangers = readdirSync(`${services}${service}/src/handlers`, { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
        .filter((file) => file !== 'deps.ts' && !requestFiles.get(service)?.has(file) && !consumerFiles.has(file));
      // What handlers share (a save's rules, a book's access, messages) lives in domain/ or its concept's
      // folder, so that handlers/ lists exactly what the service answers and consumes.
      expect(strangers).toEqual([]);
    },
  );
});

/** Every TypeScript file under `folder`, dependencies and builds left out. */
function sourcesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return ['node_modules', 'dist'].includes(entry.name) ? [] : sourcesUnder(join(folder, entry.name));
    return /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [];
  });
}

describe('one spelling of the registry', () => {
  it('reaches every request through requests.<service>.<name>, never a group of its own', () => {
    const root = fileURLToPath(new URL('../../../', import.meta.url));
    const ownGroups = fileURLToPath(new URL('./', import.meta.url));
    const spelledAnotherWay = ['services', 'tests', 'web/src', 'scripts', 'bench']
      .flatMap((folder) => sourcesUnder(join(root, folder)))
      .filter((file) => !file.startsWith(ownGroups))
      .filter((file) =>
        /\b(?:user|billing|book|planner|writer|export|cover)Requests\b/.test(readFileSync(file, 'utf8')),
      );
    expect(spelledAnotherWay).toEqual([]);
  });
});
