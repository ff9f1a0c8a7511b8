import type { Browser, BrowserContext, Request } from 'playwright-core';
import { reportOnFailure, slowAnswerMs, telling } from '../../support/failure-report';

/** A request the browser sent, and when it ended (undefined while it is on its way). */
interface SentRequest {
  method: string;
  url: string;
  startedAt: number;
  endedAt?: number;
  /** How it ended without an answer (net::ERR_…), when it did. */
  failure?: string;
}

/** A request this long is worth naming in a failed test's report (as long as a slow answer of the server). */
const slowMs = slowAnswerMs;
/** The most lines of each kind a report prints: enough to see a pattern, short enough to read in a CI log. */
const maxLines = 40;

/** The requests a failure report names: those still on their way, and the slow ones, ended at `at` or later. */
export interface RequestTrace {
  since(at: number): SentRequest[];
}

/**
 * The requests of every context `browser` opens from now on, kept for the failure report while they are on
 * their way, and afterwards only when they were slow: a suite's hundreds of quick requests are let go as they
 * end. Contexts are made by the suites themselves (newContext, newPage), so the browser's own `newContext` is
 * wrapped: that is where Playwright's newPage makes its context too.
 */
export function traceRequests(browser: Browser): RequestTrace {
  const sent = new Map<Request, SentRequest>();
  const track = (context: BrowserContext) => {
    context.on('request', (request) => {
      // The web app's own files are not the story of a stalled save, and would crowd out what is.
      if (request.url().includes('/assets/')) return;
      sent.set(request, { method: request.method(), url: request.url(), startedAt: Date.now() });
    });
    const end = (request: Request) => {
      const entry = sent.get(request);
      if (!entry) return;
      entry.endedAt = Date.now();
      if (entry.endedAt - entry.startedAt <= slowMs) {
        sent.delete(request);
        return;
      }
      const failure = request.failure()?.errorText;
      if (failure) entry.failure = failure;
    };
    context.on('requestfinished', end);
    context.on('requestfailed', end);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    track(context);
    return context;
  };
  return {
    since: (at) => [...sent.values()].filter((entry) => (entry.endedAt ?? Infinity) >= at),
  };
}

/**
 * When a test of the calling suite fails, prints what the browser and the server were doing meanwhile: the
 * browser's requests still on their way or slower than 2 s, and the server's warnings, errors and slow
 * answers. A test that fails once in a while in CI leaves its evidence in the log, where a rerun alone passes.
 */
export function reportFailures(sources: {
  requests: () => RequestTrace | undefined;
  serverLogs: () => readonly Record<string, unknown>[] | undefined;
}): void {
  reportOnFailure(() => (startedAt) => {
    const now = Date.now();
    const lines: string[] = [];
    const requests = sources.requests()?.since(startedAt) ?? [];
    const open = requests.filter((entry) => entry.endedAt === undefined);
    const slow = requests.filter((entry) => entry.endedAt !== undefined);
    lines.push(`browser requests still on their way: ${open.length}`);
    for (const entry of open.slice(-maxLines))
      lines.push(`  ${entry.method} ${entry.url} (sent ${((now - entry.startedAt) / 1000).toFixed(1)} s ago)`);
    lines.push(`browser requests slower than ${slowMs / 1000} s: ${slow.length}`);
    for (const entry of slow.slice(-maxLines))
      lines.push(
        `  ${entry.method} ${entry.url} took ${((entry.endedAt! - entry.startedAt) / 1000).toFixed(1)} s${entry.failure ? ` (${entry.failure})` : ''}`,
      );
    const server = telling(sources.serverLogs() ?? [], startedAt, maxLines);
    lines.push(`server: ${server.summary}`, ...server.lines);
    return { lines };
  });
}
