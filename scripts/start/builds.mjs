// The two builds `npm start` needs, each made only when its inputs changed since the last one (a hash of
// the inputs is stamped beside the output). Plain JavaScript on purpose: this runs before anything else
// on every start, and loading TypeScript through tsx costs more than the check itself.
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const skipped = new Set(['node_modules', 'dist', '.vite', '.turbo']);
const stampName = '.source-hash';

/** A hash of every input file's path and bytes, in a stable order. Inputs are folders or files under root. */
export function sourceHash(root, inputs) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const entries = readdirSync(path, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      if (skipped.has(entry.name)) continue;
      const full = join(path, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.isFile()) hash.update(relative(root, full)).update('\0').update(readFileSync(full)).update('\0');
    }
  };
  for (const input of inputs) {
    const full = join(root, input);
    if (!existsSync(full)) continue;
    if (readdirSafe(full)) visit(full);
    else hash.update(input).update('\0').update(readFileSync(full)).update('\0');
  }
  return hash.digest('hex');
}

const readdirSafe = (path) => {
  try {
    readdirSync(path);
    return true;
  } catch {
    return false;
  }
};

const isFresh = (stampFile, hash, output) =>
  existsSync(output) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === hash;

/**
 * What the web build reads: its own sources and config, the shared contracts, the lockfile, and the patches
 * the root's postinstall applies to packages it bundles (@tiptap/y-tiptap).
 */
export const webInputs = ['web', 'contracts/src', 'package-lock.json', 'patches'];

/**
 * Where users reach the app, as the server will see it: PUBLIC_URL, else http://localhost:<PORT> (the rule
 * of services/kit's withPublicUrl; a PORT of 0, any free port, is not known before the server starts).
 * The web build writes it into the public pages' canonical and sharing tags, sitemap.xml and robots.txt.
 */
export function publicUrlOf(env = process.env) {
  if (env.PUBLIC_URL) return env.PUBLIC_URL;
  const port = env.PORT && env.PORT !== '0' ? env.PORT : '8080';
  return `http://localhost:${port}`;
}

/**
 * The web build's stamp: its sources, the public address it names, and the build kind (stamps from before
 * every build was the production one may name a development build, so they no longer match).
 */
export function webBuildHash(root, publicUrl) {
  return createHash('sha256').update(sourceHash(root, webInputs)).update(`\0${publicUrl}\0production`).digest('hex');
}

/**
 * The environment of the web build. Vite takes NODE_ENV from the shell before its mode, so a build started
 * from a test or a bench (NODE_ENV=test) would ship React's development build: half again the bytes and
 * seconds of blocking time on a phone. The pages npm start serves are always the production build.
 */
export function webBuildEnvironment(env, publicUrl) {
  return { ...env, NODE_ENV: 'production', PUBLIC_URL: publicUrl };
}

/**
 * Builds the web app into web/dist unless web/dist was built from the same sources for the same public
 * address (so `npm start` on another PORT or PUBLIC_URL rebuilds the pages that name it).
 */
export async function ensureWebBuild(root, say = () => {}, env = process.env) {
  const dist = join(root, 'web', 'dist');
  const stamp = join(dist, stampName);
  const publicUrl = publicUrlOf(env);
  const hash = webBuildHash(root, publicUrl);
  if (isFresh(stamp, hash, join(dist, 'index.html'))) {
    say('web app is up to date: reusing web/dist');
    return 'reused';
  }
  say(`building the web app for ${publicUrl} (sources or address changed since the last build)…`);
  const result = spawnSync('npm', ['run', 'build', '-w', '@bookwright/web'], {
    cwd: root,
    stdio: 'inherit',
    env: webBuildEnvironment(env, publicUrl),
  });
  if (result.status !== 0) throw new Error(`web build failed (exit ${result.status ?? result.signal})`);
  writeFileSync(stamp, `${hash}\n`);
  return 'built';
}

/** What the server bundle is made of: every service's and the contracts' sources, and the lockfile. */
export const serverInputs = ['services', 'contracts/src', 'package-lock.json', 'scripts/start/builds.mjs'];
/** Inside the repository, so the bundle's npm packages resolve from its node_modules. */
export const serverBundleDir = join('services', 'all-in-one', 'dist');

/**
 * Bundles the all-in-one server (services/all-in-one/src/main.ts and every @bookwright package it
 * imports) into one ES module with esbuild, unless the bundle was made from the same sources. npm
 * packages stay outside the bundle and load from node_modules as usual.
 */
export async function ensureServerBundle(root, say = () => {}, outDir = join(root, serverBundleDir)) {
  const bundle = join(outDir, 'main.mjs');
  const stamp = join(outDir, stampName);
  const hash = sourceHash(root, serverInputs);
  if (isFresh(stamp, hash, bundle)) {
    say('server is up to date: reusing its bundle');
    return { bundle, state: 'reused' };
  }
  say('bundling the server (sources changed since the last bundle)…');
  rmSync(outDir, { recursive: true, force: true });
  await bundleServer(root, outDir);
  writeFileSync(stamp, `${hash}\n`);
  return { bundle, state: 'built' };
}

async function bundleServer(root, outdir) {
  const { build } = await import('esbuild');
  await build({
    entryPoints: { main: join(root, 'services', 'all-in-one', 'src', 'main.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    // What the sources load on first use (the export renderers, the cover designer) becomes chunks of its
    // own, so the npm packages only they import are not loaded at start-up either.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    // CommonJS packages imported from the bundle still call require(); give them one.
    banner: {
      js: "import { createRequire as __bookwrightRequire } from 'node:module'; const require = __bookwrightRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'bookwright-sources',
        setup(builder) {
          // Our own packages are bundled; every npm package is loaded from node_modules at run time.
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@bookwright/') ? undefined : { path: args.path, external: true },
          );
          // Each source file keeps its own `import.meta.url`, so what it finds relative to itself (the
          // export service's worker entry and fonts, the gateway's web/dist) is found as when it runs
          // unbundled.
          builder.onLoad({ filter: /\.tsx?$/ }, (args) => {
            const source = readFileSync(args.path, 'utf8');
            if (!source.includes('import.meta.url')) return undefined;
            const url = JSON.stringify(pathToFileURL(args.path).href);
            return {
              contents: source.replaceAll('import.meta.url', url),
              loader: args.path.endsWith('x') ? 'tsx' : 'ts',
            };
          });
        },
      },
    ],
  });
}
