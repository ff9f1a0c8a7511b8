import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// A function a reader must scroll to follow is split into named parts (issue 23). The functions still over
// the limit are listed in long-functions.json with their length: a new one fails here, a listed one may only
// get shorter, and one split under the limit must leave the list (UPDATE_LONG_FUNCTIONS=1 rewrites it).
const limit = { max: 80, skipBlankLines: true, skipComments: true };
const root = fileURLToPath(new URL('../..', import.meta.url));
const listFile = fileURLToPath(new URL('./long-functions.json', import.meta.url));
// Production code, and the code that makes and measures it (issue 47: the contracts' generators, the benches and
// the scripts escaped the ratchet with functions of 150 lines and more).
const sources = [
  'services/*/src/**/*.ts',
  'web/src/**/*.{ts,tsx}',
  'packages/*/src/**/*.ts',
  'contracts/scripts/**/*.ts',
  'bench/**/*.ts',
  'scripts/**/*.{ts,mts}',
];
const notChecked = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/testing.ts', '**/testing.tsx', '**/dist/**'];

/** "path name" → lines, for every function over the limit. */
async function longFunctions(): Promise<Record<string, number>> {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { ignores: ['**/node_modules/**', ...notChecked] },
      // Inline directives name rules this run does not load.
      { linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' } },
      {
        files: ['**/*.ts', '**/*.tsx'],
        languageOptions: {
          parser: (await import('typescript-eslint')).parser,
          parserOptions: { ecmaFeatures: { jsx: true } },
        },
        rules: { 'max-lines-per-function': ['error', limit] },
      },
    ],
  });
  const found: Record<string, number> = {};
  for (const result of await eslint.lintFiles(sources)) {
    const file = relative(root, result.filePath);
    for (const message of result.messages) {
      if (message.fatal) throw new Error(`${file}: ${message.message}`);
      if (message.ruleId !== 'max-lines-per-function') continue;
      const [, name = '(anonymous)', lines] = /(?:'([^']+)' )?has too many lines \((\d+)\)/.exec(message.message) ?? [];
      let key = `${file} ${name}`;
      for (let n = 2; key in found; n += 1) key = `${file} ${name} #${n}`;
      found[key] = Number(lines);
    }
  }
  return found;
}

describe('long functions', () => {
  it('lists every function over 80 lines, and none of them grows', { timeout: 120_000 }, async () => {
    const found = await longFunctions();
    if (process.env.UPDATE_LONG_FUNCTIONS) writeFileSync(listFile, `${JSON.stringify(found, null, 2)}\n`);
    const listed = JSON.parse(readFileSync(listFile, 'utf8')) as Record<string, number>;
    expect(Object.keys(found).length).toBeGreaterThan(0);
    const grown = Object.entries(found)
      .filter(([key, lines]) => !(key in listed) || lines > (listed[key] ?? 0))
      .map(([key, lines]) => `${key}: ${lines} lines (split it into named parts)`);
    expect(grown).toEqual([]);
    const split = Object.keys(listed).filter((key) => !(key in found));
    expect(split, 'split under the limit: take it off long-functions.json').toEqual([]);
  });
});
