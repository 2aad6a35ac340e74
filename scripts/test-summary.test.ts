import { describe, expect, it } from 'vitest';

import {
  formatDuration,
  notRun,
  playwrightResult,
  SUITES,
  summaryLines,
  vitestResult,
} from './test-summary.mjs';

describe('npm test summary', () => {
  it('runs every Vitest project and Playwright, browser suites last', () => {
    expect(SUITES.map((s) => s.name)).toEqual([
      'unit',
      'dom',
      'server',
      'storybook',
      'visual',
      'taps',
      'e2e',
    ]);
    expect(SUITES.filter((s) => s.browser).map((s) => s.name)).toEqual([
      'storybook',
      'visual',
      'taps',
      'e2e',
    ]);
  });

  it('counts a Vitest report; a file that failed outside a test is a failure', () => {
    const report = {
      numPassedTests: 40,
      numFailedTests: 0,
      numPendingTests: 1,
      numTodoTests: 1,
      testResults: [
        { status: 'passed', assertionResults: [{ status: 'passed' }] },
        // afterAll threw (e.g. ledger invariants) after every test passed
        { status: 'failed', assertionResults: [{ status: 'passed' }] },
      ],
    };
    expect(vitestResult('server', report, 1, 1_000)).toMatchObject({
      ok: false,
      passed: 40,
      failed: 1,
      skipped: 2,
      note: '1 file(s) failed outside a test',
    });
  });

  it('fails a suite whose tool exited non-zero, even when its report shows no failure', () => {
    expect(vitestResult('unit', { numPassedTests: 3 }, 1, 10)).toMatchObject({
      ok: false,
      failed: 1,
    });
    expect(vitestResult('unit', undefined, 1, 10)).toMatchObject({
      ok: false,
      failed: 1,
      note: 'no report (exit code 1)',
    });
    expect(vitestResult('unit', { numPassedTests: 3 }, 0, 10)).toMatchObject({
      ok: true,
      passed: 3,
      failed: 0,
    });
  });

  it('names Playwright tests that passed only on a retry', () => {
    const report = { stats: { expected: 10, unexpected: 0, flaky: 1, skipped: 0 }, errors: [] };
    expect(playwrightResult('e2e', report, 0, 10)).toMatchObject({
      ok: true,
      passed: 11,
      flaky: 1,
      note: '1 flaky: passed only on a retry',
    });
    const broken = { stats: { expected: 0, unexpected: 0 }, errors: [{ message: 'webServer' }] };
    expect(playwrightResult('e2e', broken, 1, 10)).toMatchObject({ ok: false, failed: 1 });
  });

  it('ends with one line per suite and the plain total CI reads', () => {
    const lines = summaryLines([
      vitestResult('unit', { numPassedTests: 100 }, 0, 12_300),
      vitestResult('server', { numPassedTests: 50, numFailedTests: 2 }, 1, 95_000),
      notRun('e2e', 'no Chromium'),
    ]);
    expect(lines.at(-1)).toBe('150 passed, 3 failed');
    expect(lines.find((l) => l.startsWith('unit'))).toMatch(/^unit +passed +100 passed +12\.3 s$/);
    expect(lines.find((l) => l.startsWith('server'))).toMatch(
      /^server +FAILED +50 passed, 2 failed +1 min 35 s$/,
    );
    expect(lines.find((l) => l.startsWith('e2e'))).toMatch(/FAILED .*\(not run: no Chromium\)$/);
    expect(lines.find((l) => l.startsWith('total'))).toMatch(
      /^total +FAILED +150 passed, 3 failed/,
    );
  });

  it('names each failed test and why, before the summary, so the end of a CI log says what broke', () => {
    const storybook = vitestResult(
      'storybook',
      {
        numPassedTests: 5,
        numFailedTests: 1,
        testResults: [
          {
            name: '/tmp/clone/stories/pages/user/Wallet.stories.tsx',
            status: 'failed',
            assertionResults: [
              { status: 'passed', fullName: 'Wallet Loaded' },
              {
                status: 'failed',
                fullName: 'Wallet Bank Account',
                failureMessages: ['\u001b[31mUnable to find role="button"\u001b[39m\n  at play'],
              },
            ],
          },
          {
            name: '/ci/server/test/boot.test.ts',
            status: 'failed',
            message: 'Cannot find module x',
          },
        ],
      },
      1,
      10,
    );
    const e2e = playwrightResult(
      'e2e',
      {
        stats: { expected: 1, unexpected: 1 },
        suites: [
          {
            title: 'coupons.spec.ts',
            file: 'coupons.spec.ts',
            specs: [
              {
                title: 'buy and redeem',
                file: 'e2e/coupons.spec.ts',
                tests: [
                  { status: 'unexpected', results: [{ error: { message: 'Timeout 30000ms' } }] },
                ],
              },
              { title: 'passes', tests: [{ status: 'expected', results: [{}] }] },
            ],
          },
        ],
      },
      1,
      10,
    );
    const lines = summaryLines([storybook, e2e]);
    const start = lines.indexOf('== npm test: failed tests');
    expect(start).toBeGreaterThan(-1);
    expect(start).toBeLessThan(lines.indexOf('== npm test: summary'));
    expect(lines.slice(start + 1, start + 4)).toEqual([
      '  storybook: stories/pages/user/Wallet.stories.tsx › Wallet Bank Account\n      Unable to find role="button"',
      '  storybook: server/test/boot.test.ts › (outside a test)\n      Cannot find module x',
      '  e2e: e2e/coupons.spec.ts › buy and redeem\n      Timeout 30000ms',
    ]);
    expect(lines.at(-1)).toBe('6 passed, 3 failed');
    // A green run prints no failure section.
    expect(summaryLines([vitestResult('unit', { numPassedTests: 1 }, 0, 1)])).not.toContain(
      '== npm test: failed tests',
    );
  });

  it('writes durations in seconds, then minutes', () => {
    expect(formatDuration(900)).toBe('0.9 s');
    expect(formatDuration(61_000)).toBe('1 min 01 s');
  });
});
