import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md names every route plugin of the gateway in its source tree; a new plugin that the
// map leaves out fails here.
const routesFolder = fileURLToPath(new URL('../../services/gateway/src/routes', import.meta.url));
const architecture = readFileSync(fileURLToPath(new URL('../../docs/architecture.md', import.meta.url)), 'utf8');
const notPlugins = new Set(['route-deps']);

/** The text of the `src/routes/` entry of the gateway in the source tree, up to the next folder. */
function routesEntry(): string {
  const start = architecture.indexOf('    src/routes/');
  expect(start).toBeGreaterThan(-1);
  const next = architecture.indexOf('\n    src/', start + 1);
  return architecture.slice(start, next);
}

describe('docs/architecture.md', () => {
  it('names every route plugin of the gateway', () => {
    const plugins = readdirSync(routesFolder)
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => name.slice(0, -'.ts'.length))
      .filter((name) => !notPlugins.has(name));
    expect(plugins.length).toBeGreaterThan(10);
    const entry = routesEntry();
    expect(plugins.filter((name) => !new RegExp(`(^|[\\s:,])${name}[,)\\s]`).test(entry))).toEqual([]);
  });
});
