import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as bus from '@bookwright/contracts/bus';
import * as events from '@bookwright/contracts/events';
import * as http from '@bookwright/contracts/http';
import * as text from '@bookwright/contracts/text';

/**
 * One copy of every rule (issue 47): a schema the contracts export is imported, never declared again. A
 * copy drifts (the gateway's second BookParamsSchema lost its messages), and then two routes refuse the same
 * input differently. This reads every production module of the services and the web app and fails on a
 * top-level declaration named like a schema the contracts export. A narrower or wider schema of one's own
 * is fine under its own name (`extend` the contracts' one).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const folders = ['services', 'web/src', 'packages'];
const skipped = new Set(['node_modules', 'dist', 'testing', '.turbo', 'coverage']);

function productionModules(): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skipped.has(entry.name)) walk(join(folder, entry.name));
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) && entry.name !== 'testing.ts') {
        found.push(join(folder, entry.name));
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return found;
}

/** The names of the module's top-level `const`s. */
function topLevelConstants(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const names: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
  }
  return names;
}

describe('schemas the contracts export', () => {
  const exportedSchemas = new Set(
    [http, bus, events, text].flatMap((room) => Object.keys(room)).filter((name) => /Schema$/.test(name)),
  );

  it('are many (the check reads the real barrel)', () => {
    expect(exportedSchemas.size).toBeGreaterThan(50);
    expect(exportedSchemas.has('BookParamsSchema')).toBe(true);
  });

  it('are declared nowhere else', () => {
    const copies = productionModules().flatMap((file) =>
      topLevelConstants(file)
        .filter((name) => exportedSchemas.has(name))
        .map((name) => `${relative(root, file).split(sep).join('/')}: ${name}`),
    );
    expect(copies, 'import these from @bookwright/contracts instead').toEqual([]);
  });
});
