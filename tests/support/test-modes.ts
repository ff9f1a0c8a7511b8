import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

/**
 * Which test files can tell the two modes apart. CI runs the suite twice, with the embedded defaults and
 * against PostgreSQL and NATS; a test that never reaches the code choosing between them runs the same
 * way both times, so the second run leaves it out. The answer is read from the import graph on every run,
 * so that a test gaining a database or a bus is run in both modes again without anyone keeping a list.
 */

/** A module that names the mode's configuration reads it, or hands it on. */
const readsMode = /\b(?:DATABASE_URL|NATS_URL)\b/;
/** A child process inherits the environment, so it may start the system in either mode... */
const startsProcesses = /\bnode:child_process\b|['"]child_process['"]/;
/** ...except these, which run a checker that knows nothing of the system (a new one is merely run twice). */
const toolRunners = new Set([
  'services/export/src/pdf/testing/poppler.ts',
  'services/export/src/testing/ace.ts',
  'services/export/src/testing/epubcheck.ts',
  'tests/support/compile-typescript.ts',
]);

const testFilePattern = /\.test\.tsx?$/;
const skippedFolders = new Set(['node_modules', 'dist', '.git', '.turbo', 'coverage']);

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowJs: true,
  resolveJsonModule: true,
};

/** Every test file under `folders` of `root`, as paths relative to `root` with forward slashes. */
export function findTestFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!skippedFolders.has(entry.name)) walk(join(folder, entry.name));
      } else if (testFilePattern.test(entry.name)) {
        found.push(relative(root, join(folder, entry.name)).split(sep).join('/'));
      }
    }
  };
  for (const folder of folders) walk(join(root, folder));
  return found.sort();
}

/** Classifies test files by what they reach, reading and resolving each module once. */
export function createModeClassifier(root: string): (file: string) => boolean {
  const repoRoot = realpathSync(root);
  const modules = new Map<string, { marked: boolean; imports: string[] }>();
  const resolutions = ts.createModuleResolutionCache(repoRoot, (name) => name, compilerOptions);

  const read = (file: string): { marked: boolean; imports: string[] } => {
    const known = modules.get(file);
    if (known) return known;
    const text = readFileSync(file, 'utf8');
    const imports: string[] = [];
    if (/\.[cm]?[jt]sx?$/.test(file)) {
      for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
        const module = ts.resolveModuleName(fileName, file, compilerOptions, ts.sys, resolutions).resolvedModule;
        if (!module) continue;
        const path = realpathSync(module.resolvedFileName);
        // Third-party code is the same in both modes; only this repository's modules choose one.
        if (path.startsWith(repoRoot + sep) && !path.includes(`${sep}node_modules${sep}`)) imports.push(path);
      }
    }
    const name = relative(repoRoot, file).split(sep).join('/');
    const marked = readsMode.test(text) || (startsProcesses.test(text) && !toolRunners.has(name));
    const entry = { marked, imports };
    modules.set(file, entry);
    return entry;
  };

  return (file) => {
    const seen = new Set<string>();
    const pending = [realpathSync(join(root, file))];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (seen.has(next)) continue;
      seen.add(next);
      const { marked, imports } = read(next);
      if (marked) return true;
      pending.push(...imports);
    }
    return false;
  };
}

/** The test files under `folders` that run the same way whatever the mode. */
export function modeIndependentTests(root: string, folders: readonly string[]): string[] {
  const reachesMode = createModeClassifier(root);
  return findTestFiles(root, folders).filter((file) => !reachesMode(file));
}

const browserSuitePattern = /^tests\/e2e\/.+\.test\.ts$/;
/**
 * The browser journey the servers run keeps: plan, write, edit and export a book through the web app on
 * PostgreSQL and NATS, so that the whole product is seen working on the servers at least once.
 */
export const browserJourneyOnServers = 'tests/e2e/book-flow.test.ts';
/**
 * Live books in the browser (issue 44: editing, comments, suggestions) are kept too: the issue asks for them
 * in both modes, since what they check (pages converging, the stored chapters equal to what the pages show)
 * runs through the collab service, the bus and the book service's store, which differ between the modes.
 */
export const liveBooksOnServers: readonly string[] = [
  'tests/e2e/live-editing.test.ts',
  'tests/e2e/live-comments.test.ts',
  'tests/e2e/live-suggestions.test.ts',
];
/** The browser suites the servers run. */
export const browserSuitesOnServers: readonly string[] = [browserJourneyOnServers, ...liveBooksOnServers];

/**
 * Suites that reach the mode only on their way to what they check, which the servers do not change: the cover
 * designer's renderings (its import of the AI package reads the configuration), the export service's EPUBs and
 * PDFs with epubcheck, Ace and qpdf (two to four minutes; the export routes on the servers are checked by
 * tests/api/covers-and-exports and printed-exports), and the CLI's commands and exit codes (the routes it calls
 * are checked on the servers by tests/api and the SDK's suite). CI's time is a budget (.ci/run).
 */
export const renderingSuitesLeftOutOnServers: readonly string[] = [
  'packages/cover-designer/src/designer.test.ts',
  'services/export/src/service.test.ts',
  'packages/sdk/test/cli.test.ts',
];

/**
 * What the servers run leaves out: the mode-independent files, the rendering suites above, and every browser
 * suite but those above.
 * A browser suite reaches the mode (it drives a whole system), but what it checks is the page: its flows,
 * its accessibility, its layout at each width and colour scheme. What the servers change, the database and
 * the bus under every route, is checked on the servers by tests/api, the service suites and the adapter
 * contract suites, which all stay in. Each browser suite costs one to three minutes, so running them twice
 * was a third of CI's time for no difference it could find.
 */
export function leftOutOnServers(root: string, folders: readonly string[]): string[] {
  const reachesMode = createModeClassifier(root);
  return findTestFiles(root, folders).filter(
    (file) =>
      !reachesMode(file) ||
      renderingSuitesLeftOutOnServers.includes(file) ||
      (browserSuitePattern.test(file) && !browserSuitesOnServers.includes(file)),
  );
}
