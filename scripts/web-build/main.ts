import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './ensure-web-build';

/** `npm run build:web:if-stale`: the web build `npm start` runs first, skipped when nothing changed. */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
try {
  await ensureWebBuild(root, (line) => process.stdout.write(`${line}\n`));
} catch (error) {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
}
