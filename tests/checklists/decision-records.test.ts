import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Decision records are cited by number ("docs/decisions/0012"): each number names one record, and the
// record's heading carries the number its file name does.
const folder = fileURLToPath(new URL('../../docs/decisions', import.meta.url));
const records = readdirSync(folder).filter((name) => name.endsWith('.md'));

describe('docs/decisions', () => {
  it('gives every record its own four-digit number', () => {
    const numbers = records.map((name) => /^(\d{4})-[a-z0-9-]+\.md$/.exec(name)?.[1] ?? `bad name: ${name}`);
    expect(numbers.filter((n, index) => numbers.indexOf(n) !== index || n.startsWith('bad'))).toEqual([]);
  });

  it.each(records)('%s starts with a heading of its number', (name) => {
    const heading = readFileSync(`${folder}/${name}`, 'utf8').split('\n')[0];
    expect(heading).toMatch(new RegExp(`^# ${name.slice(0, 4)} — `));
  });
});
