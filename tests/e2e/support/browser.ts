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
 *
 * Two settings that change what axe costs, not what it finds. Legacy mode runs axe.run in the page itself:
 * the default runs axe in each frame and gathers the results in a blank page it opens for every run (for
 * cross-origin frames, which the app has none of), which took about twice as long. And only the violations
 * are reported node by node: the passing nodes' details (a selector for each paragraph of a manuscript) were
 * most of what remained on a long page, and nothing here reads them.
 */
export async function a11yViolations(page: Page): Promise<AxeViolation[]> {
  const result = await new AxeBuilder({ page })
    .withTags(axeTags)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode()
    .analyze();
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

/**
 * Waits until the page has caught up with a change of viewport or colour scheme: two frames have been drawn
 * (the media queries have been evaluated again and the listeners they call have rendered), and every CSS
 * transition and finite animation then running in what is rendered has finished, so that axe reads colours
 * at rest and a measurement reads the settled layout. Infinite animations (spinners) are left running, and so
 * is what a `content-visibility: auto` subtree holds: off-screen, it does not run (see switchColorScheme).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (;;) {
      // Reading the layout brings style up to date, so that the transitions a change starts exist.
      document.documentElement.getBoundingClientRect();
      const running = document.getAnimations().filter((animation) => {
        const target = (animation.effect as KeyframeEffect | null)?.target;
        return (
          animation.playState === 'running' &&
          animation.effect?.getComputedTiming().endTime !== Infinity &&
          target?.checkVisibility({ contentVisibilityAuto: true }) !== false
        );
      });
      if (running.length === 0) return;
      // A transition cancelled by a later change rejects `finished`; the one replacing it is waited for next.
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/** Resizes the page and waits until it has settled at the new size. */
export async function resize(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await settled(page);
}

/**
 * Switches the emulated colour scheme on a page that is shown, and waits until the app follows it (the default
 * "System" theme sets `data-theme` on <html> from the media query). The page's CSS transitions are turned off
 * first, for the rest of its life: what `content-visibility: auto` skips (the landing page's sections below the
 * fold) has its style brought up to date only when something reads it, axe included, and a colour transition
 * started then stays on its first frame, the old scheme's colour, until the section is scrolled to. Without
 * transitions every element takes the new scheme's colours at once, as on a page opened in that scheme.
 */
export async function switchColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate(() => {
    // A constructed sheet: a Content-Security-Policy that forbids <style> elements leaves the CSSOM alone.
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await page.emulateMedia({ colorScheme });
  await page.waitForFunction((scheme) => document.documentElement.dataset.theme === scheme, colorScheme);
  await settled(page);
}

/** Runs one of the editor's header actions: a button on wide screens, an item of "Book actions" on phones. */
export async function openEditorAction(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Book actions' });
  if (await menu.isVisible()) {
    await menu.click();
    await page.getByRole('menuitem', { name }).click();
  } else await page.getByRole('button', { name, exact: true }).click();
}
