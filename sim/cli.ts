/**
 * `npm run simulate -- --seed N --steps K [--seeds M] [--engine postgres|sqlite|both]` (ADR
 * 0085): runs seed N's schedule (M seeds from N for a soak) against real server processes on
 * a throwaway PostgreSQL (two instances) and/or SQLite (one), checks the oracle, and on a
 * failure prints the seed, the step, the problems and the shortest failing schedule it finds
 * by dropping steps. The same seed replays the same schedule: its steps, faults, kill point
 * and order; `--minutes T` stops starting runs after T minutes (a soak); `--parallel P` runs P
 * worlds at once (each its own database and servers, all copied from one migrated template and
 * started from one build of the server: ADR 0095); `--only 3,7,12` runs just those steps of it (a shrunk schedule). `--verbose` prints each step as it runs; `--no-shrink` skips shrinking.
 *
 * Exit code: 0 every run held, 1 an invariant broke, 2 could not run.
 */
import { rmSync } from 'node:fs';
import { serverBundle } from '../server/test/processes.ts';
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
import { migratedTemplate, type Engine } from './world.ts';
import type { Schedule } from './schedule.ts';

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
  if (int('parallel', 1) < 1 || int('parallel', 1) > 16) {
    throw new Error('--parallel takes 1 to 16 worlds at once.');
  }
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
    /** Worlds run at once (a soak): 1 to 16. */
    parallel: int('parallel', 1),
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
  let pgTemplate: string | undefined;
  // Every world's servers start from one build of the server (ADR 0095).
  let bundle: string;
  try {
    bundle = await serverBundle();
  } catch (error) {
    console.error(`the server could not be built: ${String(error)}`);
    return 2;
  }
  let stopPg = () => {};
  if (o.engines.includes('postgres')) {
    // Each world holds about 25 connections (two servers' pools and the oracle's).
    const pg = await startThrowawayPostgres({
      maxConnections: Math.max(300, 50 + 25 * o.parallel),
    });
    if (pg.error !== undefined) {
      console.error(pg.error);
      return 2;
    }
    pgAdminUrl = pg.adminUrl;
    stopPg = pg.stop;
    // Every world's database is a copy of one migrated once (ADR 0095).
    try {
      pgTemplate = await migratedTemplate(pg.adminUrl);
    } catch (error) {
      console.error(`the template database could not be made: ${String(error)}`);
      stopPg();
      return 2;
    }
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
  const failures: { seed: number; engine: Engine; schedule: Schedule; result: RunResult }[] = [];
  let runs = 0;
  let unstarted = 0;
  const started = performance.now();
  const jobs = Array.from({ length: o.seeds }, (_, i) => o.seed + i).flatMap((seed) =>
    o.engines.map((engine) => ({ seed, engine })),
  );
  let budgetSpent = false;
  /** One runner: takes the next seed until none is left or the budget is spent. */
  const runner = async () => {
    for (let job = jobs.shift(); job; job = jobs.shift()) {
      if (o.minutes > 0 && performance.now() - started > o.minutes * 60_000) {
        if (!budgetSpent) console.log(`(the ${o.minutes}-minute budget is spent: no more runs)`);
        budgetSpent = true;
        return;
      }
      const { seed, engine } = job;
      const options: SimulateOptions = {
        engine,
        pgAdminUrl,
        pgTemplate,
        bundle,
        log: o.verbose
          ? (line) => console.log(o.parallel > 1 ? `[${seed}] ${line}` : line)
          : undefined,
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
      if (result.failure) failures.push({ seed, engine, schedule, result });
    }
  };
  try {
    // `--parallel N` runs N worlds at once (each its own database and servers): a soak's
    // runs mostly wait for the workers, so two cores keep several busy.
    await Promise.all(Array.from({ length: o.parallel }, runner));
    failures.sort((a, b) => a.seed - b.seed);
    for (const { seed, engine, schedule, result } of failures) {
      const failure = result.failure!;
      const at = failure.at;
      // Each step's place in the seed's whole schedule (what --only takes).
      const full = generate(seed, o.steps, instancesOf(engine)).steps.map((_, i) => i);
      const origin = o.only ? full.filter((i) => o.only!.includes(i)) : full;
      console.log(
        `\nseed ${seed} ${engine} failed ${at === 'quiescence' ? 'at quiescence' : `after step ${origin[at]}: ${describeStep(schedule.steps[at]!)}`}:`,
      );
      for (const p of failure.problems.slice(0, 20)) console.log(`    - ${p}`);
      console.log(
        `  replay: npm run simulate -- --seed ${seed} --steps ${o.steps} --engine ${engine}`,
      );
      if (!o.shrink) continue;
      const options: SimulateOptions = { engine, pgAdminUrl, pgTemplate, bundle, bug };
      const small = await shrink(
        schedule,
        failure,
        async (candidate) => (await runOnce(candidate, options)).failure,
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
  } finally {
    stopPg();
    rmSync(bundle, { force: true });
  }
  const failed = failures.length;
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
