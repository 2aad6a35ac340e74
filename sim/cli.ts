/**
 * `npm run simulate -- --seed N --steps K [--seeds M] [--engine postgres|sqlite|both]` (ADR
 * 0085): runs seed N's schedule (M seeds from N for a soak) against real server processes on
 * a throwaway PostgreSQL (two instances) and/or SQLite (one), checks the oracle, and on a
 * failure prints the seed, the step, the problems and the shortest failing schedule it finds
 * by dropping steps. The same seed replays the same schedule: its steps, faults, kill point
 * and order; `--minutes T` stops starting runs after T minutes (a soak); `--only 3,7,12` runs just those steps of it (a shrunk schedule). `--verbose` prints each step as it runs; `--no-shrink` skips shrinking.
 *
 * Exit code: 0 every run held, 1 an invariant broke, 2 could not run.
 */
import { startThrowawayPostgres } from '../server/test/throwaway-pg.ts';
import { describeStep, generate } from './schedule.ts';
import {
  instancesOf,
  only,
  openWorlds,
  plantedBug,
  runOnce,
  shrink,
  type PlantedBug,
  type RunResult,
  type SimulateOptions,
} from './run.ts';
import type { Engine } from './world.ts';

function args(argv: string[]) {
  const get = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const int = (name: string, fallback: number) => {
    const text = get(name);
    if (text === undefined) return fallback;
    if (!/^\d+$/.test(text)) throw new Error(`--${name} takes a whole number, not "${text}".`);
    return Number(text);
  };
  const engine = get('engine') ?? 'both';
  if (!['postgres', 'sqlite', 'both'].includes(engine)) {
    throw new Error('--engine is postgres, sqlite or both.');
  }
  return {
    seed: int('seed', 1),
    steps: int('steps', 30),
    seeds: int('seeds', 1),
    /** A soak's budget: no new run starts after this many minutes (0: none). */
    minutes: int('minutes', 0),
    engines: (engine === 'both' ? ['postgres', 'sqlite'] : [engine]) as Engine[],
    only: get('only')
      ?.split(',')
      .map((n) => Number(n))
      .filter((n) => Number.isInteger(n) && n >= 0),
    verbose: argv.includes('--verbose'),
    shrink: !argv.includes('--no-shrink'),
  };
}

function summary(r: RunResult): string {
  const verdict = r.failure ? 'FAILED' : 'held';
  return `seed ${r.seed} ${r.engine}: ${r.steps} steps, ${verdict} (${(r.ms / 1000).toFixed(1)} s)`;
}

async function main(): Promise<number> {
  let o: ReturnType<typeof args>;
  try {
    o = args(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  let bug: PlantedBug | undefined;
  try {
    bug = plantedBug();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (bug) console.log(`(test-only: the harness plants the bug "${bug}")`);
  let pgAdminUrl: string | undefined;
  let stopPg = () => {};
  if (o.engines.includes('postgres')) {
    const pg = await startThrowawayPostgres();
    if (pg.error !== undefined) {
      console.error(pg.error);
      return 2;
    }
    pgAdminUrl = pg.adminUrl;
    stopPg = pg.stop;
  }
  // Ctrl-C or a time-out: the servers and the throwaway PostgreSQL go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void Promise.all([...openWorlds].map((w) => w.close().catch(() => undefined))).finally(() => {
        stopPg();
        process.exit(130);
      });
    });
  }
  const totals: Record<string, number> = {};
  let failed = 0;
  let runs = 0;
  let unstarted = 0;
  const started = performance.now();
  try {
    seeds: for (let seed = o.seed; seed < o.seed + o.seeds; seed++) {
      for (const engine of o.engines) {
        if (o.minutes > 0 && performance.now() - started > o.minutes * 60_000) {
          console.log(`(the ${o.minutes}-minute budget is spent: no more runs)`);
          break seeds;
        }
        const options: SimulateOptions = {
          engine,
          pgAdminUrl,
          log: o.verbose ? (line) => console.log(line) : undefined,
          bug,
        };
        const schedule = only(generate(seed, o.steps, instancesOf(engine)), o.only);
        let result = await runOnce(schedule, options);
        // A world that never came up (a starved machine) is tried once more, then counted apart.
        if (result.unstarted) result = await runOnce(schedule, options);
        if (result.unstarted) {
          unstarted += 1;
          console.log(`seed ${seed} ${engine}: could not start (${result.unstarted})`);
          continue;
        }
        runs += 1;
        for (const [k, n] of Object.entries(result.counts)) totals[k] = (totals[k] ?? 0) + n;
        console.log(summary(result));
        if (!result.failure) continue;
        failed += 1;
        const at = result.failure.at;
        // Each step's place in the seed's whole schedule (what --only takes).
        const full = generate(seed, o.steps, instancesOf(engine)).steps.map((_, i) => i);
        const origin = o.only ? full.filter((i) => o.only!.includes(i)) : full;
        console.log(
          `  failed ${at === 'quiescence' ? 'at quiescence' : `after step ${origin[at]}: ${describeStep(schedule.steps[at]!)}`}:`,
        );
        for (const p of result.failure.problems.slice(0, 20)) console.log(`    - ${p}`);
        console.log(
          `  replay: npm run simulate -- --seed ${seed} --steps ${o.steps} --engine ${engine}`,
        );
        if (!o.shrink) continue;
        const small = await shrink(
          schedule,
          result.failure,
          async (candidate) => (await runOnce(candidate, { ...options, log: undefined })).failure,
        );
        console.log(
          `  shortest failing schedule found (${small.schedule.steps.length} of ${schedule.steps.length} steps, ${small.runs} shrinking runs):`,
        );
        const indexes = small.schedule.steps.map((step) => origin[schedule.steps.indexOf(step)]);
        for (const [n, step] of small.schedule.steps.entries()) {
          console.log(`    step ${indexes[n]}: ${describeStep(step)}`);
        }
        console.log(
          `  replay it: npm run simulate -- --seed ${seed} --steps ${o.steps} --engine ${engine} --only ${indexes.join(',')}`,
        );
        for (const p of small.failure.problems.slice(0, 10)) console.log(`    - ${p}`);
      }
    }
  } finally {
    stopPg();
  }
  const minutes = ((performance.now() - started) / 60_000).toFixed(1);
  console.log(
    `\n${runs} run(s), ${failed} failed, ${minutes} min${unstarted > 0 ? `; ${unstarted} could not start` : ''}. Steps and faults run:`,
  );
  for (const [k, n] of Object.entries(totals).sort()) console.log(`  ${k}: ${n}`);
  return failed > 0 ? 1 : runs === 0 && unstarted > 0 ? 2 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
