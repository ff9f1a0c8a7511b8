import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(js|mjs|css|html|svg|json|xml|txt|map|webmanifest)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build (the server picks one by
 * Accept-Encoding), at the highest levels: this runs once per build, not per request.
 */
export async function precompressDir(outDir: string): Promise<void> {
  for await (const file of files(outDir)) {
    if (!compressible.test(file) || (await stat(file)).size < 512) continue;
    const data = await readFile(file);
    await writeFile(
      `${file}.br`,
      await brotli(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      }),
    );
    await writeFile(`${file}.gz`, await gz(data, { level: 9 }));
  }
}
