/**
 * Shrinking proven on a real failure (ADR 0085, addendum): the harness plants a bug through its
 * test-only switch (`SIM_PLANT=failed-withdrawal-paid`, sim/run.ts: Flutterwave's record of a
 * withdrawal it failed at once is turned SUCCESSFUL, as a provider that paid a transfer it
 * reported failed; nothing in the server or its simulators changes), `npm run simulate` runs a
 * seed whose fifth step is such a withdrawal, and its report must name the seed, the failing
 * step and the problem, and a shrunk schedule shorter than the seed's that still fails; that
 * schedule's printed replay line fails the same way, and without the planted bug it holds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLI = path.join(ROOT, 'sim', 'cli.ts');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** `npm run simulate -- <args>`, as a process; answers its exit code and what it printed. */
function simulate(args: string[], plant: boolean): { code: number | null; out: string } {
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (plant) env.SIM_PLANT = 'failed-withdrawal-paid';
  else delete env.SIM_PLANT;
  const run = spawnSync(TSX, [CLI, ...args], {
    cwd: ROOT,
    env,
    encoding: 'utf8',
    timeout: 400_000,
  });
  return { code: run.status, out: `${run.stdout}${run.stderr}` };
}

/** Seed 48 × 5 steps on SQLite: steps 0–3 hold; step 4 is a withdrawal to an account ending 0000. */
const SEED = ['--seed', '48', '--steps', '5', '--engine', 'sqlite'];
const PROBLEM = /withdrawal [0-9a-f-]{36}: Flutterwave's transfer is SUCCESSFUL, ours is failed/;

describe('a planted bug', () => {
  it(
    'is reported with its seed, its step and a shorter schedule that still fails, and replays',
    { timeout: 900_000 },
    () => {
      const first = simulate(SEED, true);
      expect(first.code, first.out).toBe(1);
      expect(first.out).toContain('seed 48 sqlite: 5 steps, FAILED');
      expect(first.out).toContain(
        'seed 48 sqlite failed after step 4: withdraw ₦2000 by c1 on #0 to an account ending 0000 (failed at once), key none:',
      );
      expect(first.out).toMatch(PROBLEM);
      expect(first.out).toContain(
        '  replay: npm run simulate -- --seed 48 --steps 5 --engine sqlite',
      );
      const shrunk = /shortest failing schedule found \((\d+) of 5 steps/.exec(first.out);
      expect(shrunk, first.out).not.toBeNull();
      expect(Number(shrunk![1])).toBeLessThan(5);
      expect(first.out).toContain(
        '    step 4: withdraw ₦2000 by c1 on #0 to an account ending 0000 (failed at once), key none',
      );
      const replay = /replay it: npm run simulate -- (.+)/.exec(first.out)?.[1];
      expect(replay).toMatch(/^--seed 48 --steps 5 --engine sqlite --only [\d,]*4$/);

      // `--seed` with the printed `--only` replays the shrunk schedule: it fails the same way.
      const again = simulate([...replay!.split(' '), '--no-shrink'], true);
      expect(again.code, again.out).toBe(1);
      expect(again.out).toContain(
        'seed 48 sqlite failed after step 4: withdraw ₦2000 by c1 on #0 to an account ending 0000 (failed at once), key none:',
      );
      expect(again.out).toMatch(PROBLEM);

      // Without the planted bug the same schedule holds: the failure was the bug.
      const clean = simulate([...replay!.split(' '), '--no-shrink'], false);
      expect(clean.code, clean.out).toBe(0);
      expect(clean.out).not.toContain('test-only');
    },
  );
});
