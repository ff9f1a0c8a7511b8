/**
 * The README promises one oldest Node.js release; every locked package (what `npm ci` installs, dev
 * tools included) must accept it, and the images must not run an older one. `npm ci` only warns
 * (EBADENGINE) when a dependency asks for more, so this is where CI stops such an upgrade.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const rootPackage = JSON.parse(read('package.json')) as { engines: { node: string } };
const floor = semver.minVersion(rootPackage.engines.node)!.version;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> };

describe(`the Node.js floor (${rootPackage.engines.node})`, () => {
  it('is accepted by every locked package that names the Node versions it runs on', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path.includes('node_modules/'))
      .flatMap(([path, entry]) => {
        const range = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined;
        if (!range || semver.satisfies(floor, range, { includePrerelease: true })) return [];
        return [`${path.slice(path.lastIndexOf('node_modules/') + 13)}@${entry.version} wants node ${range}`];
      });
    expect(refusing).toEqual([]);
  });

  it('is the one the README states', () => {
    const [major, minor] = floor.split('.');
    expect(read('README.md')).toContain(`Needs Node.js ≥ ${major}.${minor}`);
  });

  it('is not above the Node.js of the images', () => {
    const image = /^ARG NODE_VERSION=(\S+)$/m.exec(read('deploy/Dockerfile'))?.[1];
    expect(image).toBeDefined();
    expect(semver.gte(semver.coerce(image)!, floor), `image node ${image}`).toBe(true);
  });
});
