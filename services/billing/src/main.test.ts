import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the service's real entry point and collects what it prints until it exits. */
function runMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { PATH: process.env.PATH ?? '', LOG_PRETTY: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('the billing process', () => {
  it('refuses to start in production with the local payment provider, saying why', async () => {
    const { code, output } = await runMain({ NODE_ENV: 'production' });
    expect(code).toBe(1);
    expect(output).toContain('billing: Invalid configuration');
    expect(output).toContain('PAYMENT_PROVIDER=local activates plans without taking any payment');
  });
});
