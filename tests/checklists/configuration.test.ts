import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ImagesConfigSchema, LlmConfigSchema } from '@bookwright/ai/config';
import { BillingConfigSchema } from '../../services/billing/src/config.js';
import { BookConfigSchema } from '../../services/book/src/config.js';
import { CollabConfigSchema } from '../../services/collab/src/config.js';
import { CoverConfigSchema } from '../../services/cover/src/config.js';
import { ExportConfigSchema } from '../../services/export/src/config.js';
import { GatewayConfigSchema } from '../../services/gateway/src/config.js';
import { PlannerConfigSchema } from '../../services/planner/src/service.js';
import { UserConfigSchema } from '../../services/user/src/config.js';
import { WebhooksConfigSchema } from '../../services/webhooks/src/config.js';
import { WriterConfigSchema } from '../../services/writer/src/config.js';

// `.env.example` is the one list of configuration variables (the README points to it). These checks keep
// it complete: a variable a service parses, or a launcher reads, and that is missing there fails here.
const root = fileURLToPath(new URL('../..', import.meta.url));
const envExample = readFileSync(join(root, '.env.example'), 'utf8');
const listed = new Set([...envExample.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!));

const serviceSchemas: Record<string, z.ZodType> = {
  ai: LlmConfigSchema,
  images: ImagesConfigSchema,
  billing: BillingConfigSchema,
  book: BookConfigSchema,
  collab: CollabConfigSchema,
  cover: CoverConfigSchema,
  export: ExportConfigSchema,
  gateway: GatewayConfigSchema,
  planner: PlannerConfigSchema,
  user: UserConfigSchema,
  webhooks: WebhooksConfigSchema,
  writer: WriterConfigSchema,
};

/** The variables an object schema reads, through the refinements and transforms wrapped around it. */
function variablesOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: { type: string; in?: z.ZodType; shape?: object } } })._zod.def;
  if (def.type === 'pipe' && def.in) return variablesOf(def.in);
  if (def.type === 'object' && def.shape) return Object.keys(def.shape);
  throw new Error(`not an object schema: ${def.type}`);
}

// Launchers and build scripts read a few variables directly, outside the services' schemas.
const scannedFolders = ['services', 'scripts', 'web/build'];
const notConfiguration = new Set(['CI', 'PATH', 'HOME']);
function* sourceFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(join(root, folder), { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    const inRepo = relative(root, path);
    if (!entry.isFile() || !/\.(ts|mts|mjs|tsx)$/.test(entry.name)) continue;
    if (/node_modules|\/dist\/|\.test\.|\/testing\/|\/scripts\/|\.d\.ts$/.test(inRepo.replace(/^scripts\//, '')))
      continue;
    yield inRepo;
  }
}
function directlyReadVariables(): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of scannedFolders)
    for (const file of sourceFiles(folder))
      for (const match of readFileSync(join(root, file), 'utf8').matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]{2,})\b/g))
        if (!notConfiguration.has(match[1]!)) found.set(match[1]!, file);
  return found;
}

/** Every deployable service (a folder with a `src/main.ts`); the all-in-one process runs the others. */
function deployableServices(): string[] {
  return readdirSync(join(root, 'services'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'all-in-one')
    .filter((entry) => readdirSync(join(root, 'services', entry.name, 'src')).includes('main.ts'))
    .map((entry) => entry.name);
}

describe('.env.example', () => {
  it('checks the configuration of every deployable service, so a new one cannot be forgotten here', () => {
    const services = deployableServices();
    expect(services.length).toBeGreaterThan(5);
    expect(services.filter((name) => !(name in serviceSchemas))).toEqual([]);
  });

  it.each(Object.entries(serviceSchemas))('lists every variable the %s configuration parses', (_, schema) => {
    expect(variablesOf(schema).filter((name) => !listed.has(name))).toEqual([]);
  });

  it('lists every variable a launcher or build script reads', () => {
    const read = directlyReadVariables();
    expect(read.size).toBeGreaterThan(3);
    expect([...read].filter(([name]) => !listed.has(name)).map(([name, file]) => `${name} (${file})`)).toEqual([]);
  });

  it('lists nothing that no one reads', () => {
    const parsed = new Set([...Object.values(serviceSchemas).flatMap(variablesOf), ...directlyReadVariables().keys()]);
    expect([...listed].filter((name) => !parsed.has(name))).toEqual([]);
  });
});
