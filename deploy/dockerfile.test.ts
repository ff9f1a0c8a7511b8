/**
 * No container engine runs here (ARCHITECTURE §2), so deploy/Dockerfile cannot be built in tests. These
 * checks catch the drift that would break a build elsewhere: a file it copies that moved, a context
 * filter that hides a source folder, a tsx release that needs more than the packages copied for it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = readFileSync(join(root, 'deploy', 'Dockerfile'), 'utf8');
const dockerignore = readFileSync(join(root, 'deploy', 'Dockerfile.dockerignore'), 'utf8');

/** Instructions with their continuation lines joined, comments dropped. */
const instructions = dockerfile
  .replace(/\\\n/g, ' ')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));

const stages = instructions.filter((line) => line.startsWith('FROM ')).map((line) => / AS (\S+)$/i.exec(line)?.[1]);

describe('deploy/Dockerfile', () => {
  it('builds the production runtime by default and offers the dev target Tilt uses', () => {
    expect(stages.at(-1)).toBe('runtime');
    expect(stages).toContain('dev');
    expect(readFileSync(join(root, 'Tiltfile'), 'utf8')).toMatch(/target='dev'/);
  });

  it('runs every image as uid 10001 and execs (no shell left as PID 1) the service named by ARG SERVICE', () => {
    for (const stage of ['dev', 'runtime']) {
      const start = instructions.findIndex((line) => new RegExp(` AS ${stage}$`).test(line));
      const end = instructions.findIndex((line, i) => i > start && line.startsWith('FROM '));
      const body = instructions.slice(start, end === -1 ? undefined : end);
      expect(body, stage).toContain('ARG SERVICE');
      expect(body, stage).toContain('USER 10001:10001');
      const cmd = body.find((line) => line.startsWith('CMD '));
      expect(cmd, stage).toMatch(stage === 'dev' ? /exec node_modules\/\.bin\/tsx watch / : /exec node --import tsx /);
      expect(cmd, stage).toContain('$SERVICE_MAIN');
    }
  });

  it('copies only files that exist in the build context and that the context filter keeps', () => {
    const sources = instructions
      .filter((line) => line.startsWith('COPY ') && !line.includes('--from='))
      .flatMap((line) =>
        line
          .split(/\s+/)
          .slice(1, -1)
          .filter((part) => !part.startsWith('--')),
      )
      .filter((source) => source !== '.');
    // The manifests stage copies these from the whole context.
    sources.push('package-lock.json', '.npmrc', 'web/package.json', 'patches');
    const ignored = dockerignore
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'));
    for (const source of sources) {
      expect(existsSync(join(root, source)), source).toBe(true);
      expect(ignored, `${source} is filtered out by deploy/Dockerfile.dockerignore`).not.toContain(source);
    }
    for (const needed of ['contracts', 'services', 'web', 'package.json']) expect(ignored).not.toContain(needed);
  });

  it('copies everything tsx needs at runtime (tsx is a devDependency; the image keeps only it)', () => {
    const tsx = JSON.parse(readFileSync(join(root, 'node_modules', 'tsx', 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const dependency of Object.keys(tsx.dependencies ?? {})) {
      expect(dockerfile, `the prod-deps stage must copy node_modules/${dependency}`).toContain(
        `COPY --from=deps /app/node_modules/${dependency} `,
      );
    }
  });

  it('listens on every interface in both images (the gateway defaults to 127.0.0.1 outside production)', () => {
    for (const stage of ['dev', 'runtime']) {
      const start = instructions.findIndex((line) => new RegExp(` AS ${stage}$`).test(line));
      const end = instructions.findIndex((line, i) => i > start && line.startsWith('FROM '));
      const env = instructions.slice(start, end === -1 ? undefined : end).filter((line) => line.startsWith('ENV '));
      expect(env.join(' '), stage).toMatch(/\bHOST=0\.0\.0\.0\b/);
    }
  });

  it('builds the web app with the workspace script it calls', () => {
    const web = JSON.parse(readFileSync(join(root, 'web', 'package.json'), 'utf8')) as {
      name: string;
      scripts?: Record<string, string>;
    };
    expect(dockerfile).toContain(`npm run build -w ${web.name}`);
    expect(web.scripts?.build).toBeTruthy();
  });

  it('renders the public pages for the PUBLIC_URL the image is built for', () => {
    const start = instructions.findIndex((line) => / AS web$/.test(line));
    const end = instructions.findIndex((line, i) => i > start && line.startsWith('FROM '));
    const body = instructions.slice(start, end === -1 ? undefined : end);
    expect(body.some((line) => /^ARG PUBLIC_URL(=|$)/.test(line))).toBe(true);
    expect(body.find((line) => line.includes('npm run build'))).toMatch(/PUBLIC_URL="\$\{PUBLIC_URL\}"/);
    // The prerender reads it: an image built without it would point every canonical link at localhost.
    expect(readFileSync(join(root, 'web', 'build', 'prerender.ts'), 'utf8')).toContain('PUBLIC_URL');
  });
});
