// The pieces of `npm test` (scripts/test-all.mjs) that need no process: the suites, how each
// tool's JSON report becomes a result, and the summary printed at the end. Plain JS so `npm test`
// runs it with node before anything is compiled; types in test-summary.d.mts.

/** Every suite, in the order they run: Node first, then the browser suites, which need Chromium. */
export const SUITES = [
  { name: 'unit', tool: 'vitest', browser: false, what: 'contract, mocks, lib, scripts' },
  { name: 'dom', tool: 'vitest', browser: false, what: 'components in jsdom' },
  { name: 'server', tool: 'vitest', browser: false, what: 'API on SQLite and PostgreSQL' },
  { name: 'storybook', tool: 'vitest', browser: true, what: 'every story, play and axe' },
  { name: 'visual', tool: 'vitest', browser: true, what: 'screenshots against baselines' },
  { name: 'taps', tool: 'vitest', browser: true, what: 'every story: 44 px tap targets' },
  { name: 'e2e', tool: 'playwright', browser: true, what: 'journeys against npm start' },
];

/**
 * A suite's result. The exit code decides pass or fail (a failing afterAll or an unhandled
 * error fails a run whose tests all passed); the report gives the counts.
 * @param {string} name
 * @param {{ passed: number, failed: number, skipped: number, flaky?: number }} counts
 * @param {number | null} exitCode
 * @param {number} ms
 * @param {string} [note]
 */
function result(name, counts, exitCode, ms, note, failures = []) {
  const ok = exitCode === 0 && counts.failed === 0;
  // A red run must show at least one failure in the total, even when no test failed by itself.
  const failed = ok ? 0 : Math.max(counts.failed, 1);
  return {
    name,
    ok,
    passed: counts.passed,
    failed,
    skipped: counts.skipped,
    flaky: counts.flaky ?? 0,
    ms,
    note,
    failures,
  };
}

/** The first line of a failure message, without colour codes, short enough for one line. */
function firstLine(message) {
  const text = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) => line.trim())
    .find(Boolean);
  if (!text) return '';
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** A file path relative to the repository, whatever machine wrote the report. */
function relative(file) {
  const text = String(file ?? '');
  const at = text.search(/\/(src|stories|server|contract|mocks|scripts|visual|e2e|bench)\//);
  return at >= 0 ? text.slice(at + 1) : text;
}

/** The tool ended without writing its report (it crashed, or never started). */
function noReport(name, exitCode, ms) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  return result(name, counts, exitCode || 1, ms, `no report (exit code ${exitCode})`);
}

/**
 * From Vitest's JSON reporter (`--reporter=json`, Jest's format). A test file that failed to
 * load or whose hooks failed has no failed test: it counts as one failure.
 */
export function vitestResult(name, report, exitCode, ms) {
  if (!report) return noReport(name, exitCode, ms);
  const brokenFiles = (report.testResults ?? []).filter(
    (file) =>
      file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'),
  ).length;
  const counts = {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
  const note = brokenFiles > 0 ? `${brokenFiles} file(s) failed outside a test` : undefined;
  const failures = (report.testResults ?? []).flatMap((file) => {
    const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failedTests.length === 0) {
      return [
        { where: relative(file.name), test: '(outside a test)', why: firstLine(file.message) },
      ];
    }
    return failedTests.map((t) => ({
      where: relative(file.name),
      test: t.fullName ?? t.title ?? '',
      why: firstLine(t.failureMessages?.[0]),
    }));
  });
  return result(name, counts, exitCode, ms, note, failures);
}

/** From Playwright's JSON reporter. A test that passed only on its retry is counted and named flaky. */
export function playwrightResult(name, report, exitCode, ms) {
  if (!report?.stats) return noReport(name, exitCode, ms);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const errors = (report.errors ?? []).length;
  /** @type {{ where: string, test: string, why: string }[]} */
  const failures = [];
  const walk = (suite, titles) => {
    const path =
      suite.title && !suite.file?.endsWith(suite.title) ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        failures.push({
          where: relative(spec.file ?? suite.file),
          test: [...path, spec.title].join(' › '),
          why: firstLine(last?.error?.message ?? last?.errors?.[0]?.message),
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, path);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  for (const error of report.errors ?? []) {
    failures.push({ where: '', test: '(outside a test)', why: firstLine(error?.message) });
  }
  const note = [
    flaky > 0 ? `${flaky} flaky: passed only on a retry` : '',
    errors > 0 ? `${errors} error(s) outside a test` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return result(
    name,
    { passed: expected + flaky, failed: unexpected + errors, skipped, flaky },
    exitCode,
    ms,
    note || undefined,
    failures,
  );
}

/** A suite that could not run (no Chromium): a failure, so the run cannot look green. */
export function notRun(name, reason) {
  return {
    name,
    ok: false,
    passed: 0,
    failed: 1,
    skipped: 0,
    flaky: 0,
    ms: 0,
    note: `not run: ${reason}`,
    failures: [],
  };
}

/** Enough names to see a pattern; the suite output above has the rest. */
const MAX_FAILURES_SHOWN = 30;

export function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.round(seconds - minutes * 60)).padStart(2, '0')} s`;
}

/**
 * The summary: one line per suite, a total, and last the plain `N passed, N failed` line alone,
 * which CI reads (the sum over every suite).
 * @returns {string[]}
 */
export function summaryLines(results) {
  const total = results.reduce(
    (sum, r) => ({
      passed: sum.passed + r.passed,
      failed: sum.failed + r.failed,
      skipped: sum.skipped + r.skipped,
      ms: sum.ms + r.ms,
    }),
    { passed: 0, failed: 0, skipped: 0, ms: 0 },
  );
  const counts = (r) =>
    [
      `${r.passed} passed`,
      r.failed ? `${r.failed} failed` : '',
      r.skipped ? `${r.skipped} skipped` : '',
    ]
      .filter(Boolean)
      .join(', ');
  const row = (name, ok, text, ms, note) =>
    `${name.padEnd(10)} ${(ok ? 'passed' : 'FAILED').padEnd(7)} ${text.padEnd(34)} ${formatDuration(ms).padStart(10)}${note ? `  (${note})` : ''}`;
  const allOk = results.every((r) => r.ok);
  // The failed tests by name, so the end of a long log (all a CI page may keep) says what broke.
  const failures = results.flatMap((r) =>
    (r.failures ?? []).map(
      (f) =>
        `  ${r.name}: ${[f.where, f.test].filter(Boolean).join(' › ')}${f.why ? `\n      ${f.why}` : ''}`,
    ),
  );
  const shown = failures.slice(0, MAX_FAILURES_SHOWN);
  return [
    ...(failures.length > 0
      ? [
          '',
          '== npm test: failed tests',
          ...shown,
          ...(failures.length > shown.length
            ? [`  … and ${failures.length - shown.length} more (see each suite's output above)`]
            : []),
        ]
      : []),
    '',
    '== npm test: summary',
    ...results.map((r) => row(r.name, r.ok, counts(r), r.ms, r.note)),
    row('total', allOk, counts(total), total.ms),
    '',
    `${total.passed} passed, ${total.failed} failed`,
  ];
}
