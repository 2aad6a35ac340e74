// Types for scripts/test-summary.mjs (plain JS so `npm test` can run it with node).

export interface Suite {
  name: 'unit' | 'dom' | 'server' | 'storybook' | 'visual' | 'e2e';
  tool: 'vitest' | 'playwright';
  /** Needs Chromium. */
  browser: boolean;
  what: string;
}

export interface SuiteResult {
  name: string;
  ok: boolean;
  passed: number;
  failed: number;
  skipped: number;
  /** Playwright tests that passed only on a retry (also counted in passed). */
  flaky: number;
  ms: number;
  note?: string;
  /** Each failed test: its file, its name, and the first line of why. */
  failures: { where: string; test: string; why: string }[];
}

/** The parts of Vitest's JSON report (Jest's format) that the summary reads. */
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: {
    name?: string;
    status: string;
    message?: string;
    assertionResults?: {
      status: string;
      fullName?: string;
      title?: string;
      failureMessages?: string[];
    }[];
  }[];
}

/** The parts of Playwright's JSON report that the summary reads. */
export interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}

export interface PlaywrightSuite {
  title?: string;
  file?: string;
  specs?: {
    title: string;
    file?: string;
    tests?: {
      status?: string;
      results?: { error?: { message?: string }; errors?: { message?: string }[] }[];
    }[];
  }[];
  suites?: PlaywrightSuite[];
}

export const SUITES: readonly Suite[];
export function vitestResult(
  name: string,
  report: VitestReport | undefined,
  exitCode: number | null,
  ms: number,
): SuiteResult;
export function playwrightResult(
  name: string,
  report: PlaywrightReport | undefined,
  exitCode: number | null,
  ms: number,
): SuiteResult;
export function notRun(name: string, reason: string): SuiteResult;
export function formatDuration(ms: number): string;
export function summaryLines(results: readonly SuiteResult[]): string[];
