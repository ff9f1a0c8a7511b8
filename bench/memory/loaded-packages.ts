/**
 * Which npm packages have code loaded in a process, from the scripts its main thread holds (the inspector's
 * `Debugger.scriptParsed`): each script's URL names its package by the last `node_modules/` folder in it;
 * our own bundle and Node's built-ins are grouped under their own names. The size is the scripts' source
 * length, which V8 keeps in the heap (as a one- or two-byte string) for as long as the module lives.
 */
export interface LoadedPackage {
  name: string;
  scripts: number;
  sourceChars: number;
}

function packageOf(url: string): string {
  const at = url.lastIndexOf('/node_modules/');
  if (at >= 0) {
    const [first, second] = url.slice(at + '/node_modules/'.length).split('/');
    return first?.startsWith('@') ? `${first}/${second}` : (first ?? url);
  }
  if (url.startsWith('node:') || !url.includes('/')) return 'node (built-in)';
  if (url.includes('/all-in-one/dist/')) return 'the server bundle';
  return 'other';
}

export function loadedPackages(scripts: readonly { url: string; length: number }[]): LoadedPackage[] {
  const totals = new Map<string, LoadedPackage>();
  for (const { url, length } of scripts) {
    const name = packageOf(url);
    const entry = totals.get(name) ?? { name, scripts: 0, sourceChars: 0 };
    entry.scripts += 1;
    entry.sourceChars += length;
    totals.set(name, entry);
  }
  return [...totals.values()].sort((a, b) => b.sourceChars - a.sourceChars);
}
