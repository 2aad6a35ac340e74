/**
 * The API benchmark still runs (ADR 0069): each mode of `npm run bench` on a tiny scale (a
 * fraction of a second per case, three customers, a 2,000-transaction scale database, nine
 * purchases behind a 0.3 s provider, 20 purchases over the failure kinds on a fake clock), in
 * its own process, with BENCH_STRICT=1 (any answer but 2xx, or a purchase lost, doubled or
 * unsettled, fails the run). It checks that the bench starts, runs every case, prints each
 * figure and exits 0; never how fast anything is.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGNED_IN_READS } from '../server/test/signed-in-reads.ts';

const root = path.resolve(import.meta.dirname, '..');

function bench(mode: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'bench/api.ts', mode],
      {
        cwd: root,
        maxBuffer: 16 * 1024 * 1024,
        env: {
          ...process.env,
          BENCH_SECONDS: '0.1',
          BENCH_WARMUP: '0',
          // Past a level-1 day's ₦50,000 of ₦98 debits, however fast the machine.
          BENCH_MIN_OPS: '600',
          BENCH_CUSTOMERS: '3',
          BENCH_SCALE_ROWS: '2000',
          BENCH_SLOW_PROVIDER_MS: '300',
          BENCH_SLOW_PURCHASES: '9',
          BENCH_OUTCOME_PURCHASES: '20',
          BENCH_STRICT: '1',
        },
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, out: `${stdout}\n${stderr}` });
      },
    );
  });
}

/** Room for server starts and a throwaway PostgreSQL on a busy two-core runner: a bound only. */
const TIMEOUT = 240_000;

describe('npm run bench, each mode on a tiny scale', () => {
  it(
    'sqlite: GET /api/user, purchases and shares against the empty route and the debit limit',
    async () => {
      const { code, out } = await bench('sqlite');
      expect(code, out).toBe(0);
      expect(out).toMatch(/GET \/api\/user ÷ empty route \(sqlite\): [\d.]+ %/);
      expect(out).toMatch(/purchases\/s ÷ DB debit limit \(sqlite\): [\d.]+ % over 3 customers/);
      expect(out).toMatch(/limit: DB debit tx \(sqlite\)/);
    },
    TIMEOUT,
  );

  it(
    'pg: one process and two on PostgreSQL',
    async () => {
      const { code, out } = await bench('pg');
      expect(code, out).toBe(0);
      expect(out).toMatch(/two processes ÷ one on PostgreSQL: GET \/api\/user [\d.]+×, purchases/);
      expect(out).toMatch(/purchases\/s ÷ DB debit limit \(pg, 1 process\): [\d.]+ %/);
    },
    TIMEOUT,
  );

  it(
    'scale: the admin pages, and every read of a signed-in page for a long and a short history',
    async () => {
      const { code, out } = await bench('scale');
      expect(code, out).toBe(0);
      expect(out).toMatch(/admin transactions page \(2000\): p99 [\d.]+ ms/);
      expect(out).toMatch(/admin overview \(2000\): p99/);
      expect(out).toMatch(/admin users page \(2000\): p99/);
      for (const read of SIGNED_IN_READS) {
        expect(out).toContain(`  ${read.name}: p50 `);
      }
      expect(out).toMatch(/\d+ of \d+ reads within 1\.5× \(p50\)/);
    },
    TIMEOUT,
  );

  it(
    'slow: purchases behind a slow provider settle once, on SQLite and PostgreSQL',
    async () => {
      const { code, out } = await bench('slow');
      expect(code, out).toBe(0);
      for (const engine of ['sqlite', 'postgres']) {
        expect(out).toMatch(
          new RegExp(
            `slow provider \\(${engine}\\): 9 purchases.*\n  settled: 9 of 9 \\(target: all\\)`,
          ),
        );
      }
    },
    TIMEOUT,
  );

  it(
    'outcomes: each failure kind timed to a final state on a fake clock, past 30 s and 24 h counted',
    async () => {
      const { code, out } = await bench('outcomes');
      expect(code, out).toBe(0);
      expect(out).toMatch(/outcomes: 20 purchases over 8 failure kinds/);
      expect(out).toMatch(/kind\s+n\s+p50\s+p99\s+max\s+> 30 s\s+> 24 h/);
      for (const kind of [
        'refused (fault: VTpass 016)',
        'refused (outcome 0000)',
        'answer lost (outcome 3333)',
        'HTTP 503 (fault)',
        'cut body (fault: malformed)',
        'hang past the time-out (fault)',
        'pending then delivered (1111)',
        'pending then failed (2222)',
      ]) {
        const row = out.split('\n').find((line) => line.startsWith(kind));
        expect(row, kind).toMatch(/\s+[23]\s+\S+ \S+\s+\S+ \S+\s+\S+ \S+\s+\d+\s+\d+/);
      }
      expect(out).toMatch(
        /20 purchases answered with a transaction, 0 refused before one; 0 still pending at 25 h; ledger invariants: hold/,
      );
    },
    TIMEOUT,
  );
});
