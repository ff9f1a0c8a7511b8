import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';

export interface Downloaded {
  download: Download;
  bytes: Buffer;
}

/**
 * Runs `action`, and waits both for the download it starts and for the toasts that report it. The toasts
 * are awaited alongside the download, not after it: a toast is on screen for five seconds, and saving and
 * reading a large file on a busy machine can take longer than that (a CI run lost a ZIP export's toast so).
 */
export async function downloadOf(
  page: Page,
  toasts: readonly string[],
  action: () => Promise<void>,
): Promise<Downloaded> {
  const shown = toasts.map((text) => page.getByText(text).waitFor({ timeout: 90_000 }));
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 90_000 }), action(), ...shown]);
  return { download, bytes: await readFile(await download.path()) };
}
