import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/** What `bookwright login` keeps: the server and its token. */
export interface SavedConfig {
  url?: string;
  token?: string;
}

/** $XDG_CONFIG_HOME/bookwright/config.json, else ~/.config/bookwright/config.json (as gh and others do). */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || join(env.HOME?.trim() || homedir(), '.config');
  return join(base, 'bookwright', 'config.json');
}

export async function readConfig(path = configPath()): Promise<SavedConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = JSON.parse(text) as unknown;
  if (typeof parsed !== 'object' || parsed === null) return {};
  const { url, token } = parsed as Record<string, unknown>;
  return { ...(typeof url === 'string' ? { url } : {}), ...(typeof token === 'string' ? { token } : {}) };
}

/**
 * Writes the file readable by its owner only (0600, its folder 0700): it holds a secret. Written under another
 * name and renamed, so a reader never sees half of it, and created with its mode, never widened after.
 */
export async function writeConfig(config: SavedConfig, path = configPath()): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  await writeFile(partial, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // A umask cannot widen 0600, but an existing file's mode survives the rename: set it again.
  await chmod(partial, 0o600);
  await rename(partial, path);
}

export async function removeConfigToken(path = configPath()): Promise<boolean> {
  const config = await readConfig(path);
  if (!config.token) return false;
  const { token: _token, ...rest } = config;
  if (Object.keys(rest).length === 0) await rm(path, { force: true });
  else await writeConfig(rest, path);
  return true;
}
