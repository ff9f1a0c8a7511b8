/**
 * Where a process's resident set lies, from /proc/<pid>/smaps: shared objects and the node binary by file,
 * and anonymous memory by the shape of its mapping, since the kernel names none of it. The shapes are what
 * each allocator reserves on this platform (Linux x86-64, Node 20):
 * - glibc's per-thread arenas: 64 MiB heaps (reserved, mostly PROT_NONE, one per arena);
 * - WebAssembly memory: one mapping of 64 MiB or more that is not an arena (PGlite's PostgreSQL starts
 *   with a 128 MiB memory, of which only the pages it touched are resident);
 * - the rest of the anonymous memory: V8's heap pages and code space, thread stacks, the main arena's brk.
 */
import { readFile } from 'node:fs/promises';

export interface ResidentPart {
  part: string;
  rssKb: number;
}

const MiB = 1024 * 1024;

interface Mapping {
  start: number;
  size: number;
  path: string;
  rssKb: number;
}

function parseSmaps(text: string): Mapping[] {
  const mappings: Mapping[] = [];
  let current: Mapping | undefined;
  for (const line of text.split('\n')) {
    const header = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (header) {
      const start = parseInt(header[1]!, 16);
      current = { start, size: parseInt(header[2]!, 16) - start, path: header[3] ?? '', rssKb: 0 };
      mappings.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKb = Number(rss[1]);
  }
  return mappings;
}

function partOf(mapping: Mapping, arenaStarts: Set<number>): string {
  const { path, size } = mapping;
  if (path.startsWith('/')) {
    const file = path.split('/').pop()!;
    if (file === 'node' || /^node\d*$/.test(file)) return 'node binary (code and data)';
    return `file ${file}`;
  }
  if (path === '[heap]') return 'glibc main arena (brk)';
  if (path === '[stack]') return 'main stack';
  if (path !== '') return path;
  if (arenaStarts.has(mapping.start)) return 'glibc thread arenas';
  if (size >= 64 * MiB) return 'WebAssembly memory (PGlite)';
  return 'other anonymous (V8 heaps and code, thread stacks, mmap’d buffers)';
}

/**
 * The resident set of `pid` by part, largest first. glibc's thread arenas are 64 MiB-aligned regions whose
 * reserve (PROT_NONE) follows the used part; a mapping that starts on a 64 MiB boundary and, with the
 * mapping after it, spans exactly 64 MiB is counted as one.
 */
export async function residentParts(pid: number): Promise<ResidentPart[]> {
  const mappings = parseSmaps(await readFile(`/proc/${pid}/smaps`, 'utf8'));
  const arenaStarts = new Set<number>();
  for (const [index, mapping] of mappings.entries()) {
    if (mapping.path !== '' || mapping.start % (64 * MiB) !== 0) continue;
    const next = mappings[index + 1];
    const span =
      next && next.path === '' && next.start === mapping.start + mapping.size ? mapping.size + next.size : mapping.size;
    if (span === 64 * MiB) arenaStarts.add(mapping.start);
  }
  const totals = new Map<string, number>();
  for (const mapping of mappings) {
    if (mapping.rssKb === 0) continue;
    const part = partOf(mapping, arenaStarts);
    totals.set(part, (totals.get(part) ?? 0) + mapping.rssKb);
  }
  return [...totals].map(([part, rssKb]) => ({ part, rssKb })).sort((a, b) => b.rssKb - a.rssKb);
}
