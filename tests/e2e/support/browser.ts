import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = '/usr/bin/chromium';

/**
 * Whether the browser suites can run. Without Debian's Chromium they skip with a loud message, except in CI
 * (CI=true), where a missing browser is a failure (ARCHITECTURE §9).
 */
export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI) throw new Error(`${chromiumPath} is missing: CI must install chromium for the e2e suite`);
  console.warn(
    `\n${'!'.repeat(78)}\n!! SKIPPING browser tests: ${chromiumPath} not found. Install Debian's chromium to run them.\n${'!'.repeat(78)}\n`,
  );
  return false;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/**
 * Runs axe-core (WCAG 2 A/AA rules and best practices) in the page with @axe-core/playwright; returns every
 * violation, whatever its impact. Injected over the DevTools protocol: the app's Content-Security-Policy
 * (script-src 'self') stays on.
 */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page }).withTags(axeTags).analyze();
  return result.violations.map((v) => ({
    id: v.id,
    impact: v.impact ?? null,
    help: v.help,
    nodes: v.nodes.map((n) => ({ target: n.target, html: n.html })),
  }));
}

/** The serious and critical violations only (the suites that predate issue 20 check these). */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  return (await a11yViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.map((n) => n.html).join('\n  ')}`)
    .join('\n');
}

/** Runs one of the editor's header actions: a button on wide screens, an item of "Book actions" on phones. */
export async function openEditorAction(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Book actions' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name }).click();
  } else await page.getByRole('button', { name, exact: true }).click();
}
