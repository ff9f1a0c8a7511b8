// `npm start`: brings the web build and the server bundle up to date (each only when its sources
// changed), then runs the bundled all-in-one server in this process with plain Node, no TypeScript
// loader (docs/decisions/0009).
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureServerBundle, ensureWebBuild } from './builds.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const say = (line) => process.stdout.write(`${line}\n`);
let bundle;
try {
  await ensureWebBuild(root, say);
  ({ bundle } = await ensureServerBundle(root, say));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
