// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { helpPanel, trustLines } from '../landing/content';
import { supportPromise, supportReplyHours } from '../../texts';

const webRoot = fileURLToPath(new URL('../../../', import.meta.url));
const thisFile = fileURLToPath(import.meta.url);

/** Every text the author can read: sources, documents and the page shell (tests aside). */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : textFiles(path);
    return /\.(tsx?|md|json|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the support promise', () => {
  it('is the spec’s 48 hours on the landing page, in the help panel and in the privacy policy', () => {
    expect(supportReplyHours).toBe(48);
    expect(trustLines).toContain('Support replies within 48 hours');
    expect(helpPanel.text).toBe('We reply within 48 hours to every message.');
    const privacy = readFileSync(join(webRoot, 'src/features/legal/documents/privacy-policy.md'), 'utf8');
    expect(privacy).toContain(`${supportPromise}.`);
  });

  it('is given no other way anywhere in the web app', () => {
    const files = [...textFiles(join(webRoot, 'src')), ...textFiles(join(webRoot, 'public')), join(webRoot, 'index.html')];
    const other = /24\/7|around the clock|within (a|one) (business )?day|usually within|within \d+ hours/i;
    const offenders = files
      .filter((file) => file !== thisFile)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => other.test(line.replace(/within (\$\{supportReplyHours\}|48) hours/g, '')))
          .map((line) => `${relative(webRoot, file)}: ${line.trim().slice(0, 120)}`),
      );
    expect(offenders).toEqual([]);
  });
});
