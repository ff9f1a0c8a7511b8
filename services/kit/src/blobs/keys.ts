const SEGMENT = /^[A-Za-z0-9._-]+$/;
const MAX_KEY_LENGTH = 512;

/**
 * Throws unless `key` is a slash-separated path of `[A-Za-z0-9._-]` segments with no empty, `.` or `..`
 * segment. Keys become file paths in the filesystem store, so anything looser could escape its root;
 * both stores check the same rule so a key that works in development works in production.
 */
export function assertValidKey(key: string): void {
  const problem = keyProblem(key);
  if (problem) throw new Error(`invalid blob key ${JSON.stringify(key)}: ${problem}`);
}

function keyProblem(key: string): string | undefined {
  if (typeof key !== 'string' || key.length === 0) return 'empty';
  if (key.length > MAX_KEY_LENGTH) return `longer than ${MAX_KEY_LENGTH} characters`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'empty segment (leading, trailing or double slash)';
    if (segment === '.' || segment === '..') return `"${segment}" segment`;
    if (!SEGMENT.test(segment)) return `segment "${segment}" has characters outside A-Z a-z 0-9 . _ -`;
  }
  return undefined;
}
