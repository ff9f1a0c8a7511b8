import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The gateway only speaks HTTP (docs/decisions/0048): text generation is the writer's, every rendering of
// a book export's. A gateway that lists or imports a model, the offline texts, the editor's schema or a
// Markdown library again is doing their work, and fails here.
const gateway = fileURLToPath(new URL('../../services/gateway/', import.meta.url));
const forbidden = [
  /^@bookwright\/(ai|offline|manuscript)(\/|$)/,
  /^@tiptap\//,
  /^prosemirror-/,
  /^(markdown-it|marked|remark|micromark|mdast-|turndown)/,
];
const isForbidden = (name: string) => forbidden.some((pattern) => pattern.test(name));

/** Every TypeScript file of the gateway (sources, tests and scripts). */
function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The modules a file imports or loads: static, dynamic and re-exports. */
const importsOf = (text: string) =>
  [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((match) => match[1]!);

describe('the gateway only speaks HTTP', () => {
  it('lists neither ai, offline, manuscript, tiptap nor a Markdown library in its package.json', () => {
    const manifest = JSON.parse(readFileSync(join(gateway, 'package.json'), 'utf8')) as Record<string, unknown>;
    const listed = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'].flatMap((field) =>
      Object.keys((manifest[field] as Record<string, string> | undefined) ?? {}),
    );
    expect(listed.length).toBeGreaterThan(5);
    expect(listed.filter(isForbidden)).toEqual([]);
  });

  it('imports none of them', () => {
    const files = sources(gateway);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter(isForbidden)
        .map((name) => `${relative(gateway, file)}: ${name}`),
    );
    expect(found).toEqual([]);
  });

  it('would see them: the rule catches each way of naming one', () => {
    const text = [
      "import { createLlmProvider } from '@bookwright/ai';",
      "import type { LlmConfig } from '@bookwright/ai/config';",
      "const { bankFor } = await import('@bookwright/offline');",
      "import '@tiptap/core';",
      "export { MarkdownSerializer } from 'prosemirror-markdown';",
      "import MarkdownIt from 'markdown-it';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(text).filter(isForbidden)).toHaveLength(6);
  });
});
