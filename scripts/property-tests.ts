/**
 * How every property test (fast-check) in the repo runs: the same generated values on every run
 * and every machine, unless asked otherwise.
 *
 * - `FC_SEED`: the seed of every `fc.assert` (default {@link DEFAULT_SEED}); `FC_SEED=random`
 *   draws a new one (a soak), printed with any failure.
 * - `FC_RUNS`: how many values each property tries, instead of its own default (`runs(40)`).
 *
 * A failure names the seed and the command that replays it. scripts/property-tests.setup.ts
 * applies this to the unit, dom and server Vitest projects.
 */
import fc from 'fast-check';

/** Any fixed number would do: what matters is that it is the same everywhere. */
export const DEFAULT_SEED = 20261124;
const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const MAX_RUNS = 1_000_000;

export interface PropertySettings {
  seed: number;
  /** Runs for every property when FC_RUNS is set; otherwise each property's own default. */
  runs: number | undefined;
  /** True when the seed was drawn at random (FC_SEED=random). */
  randomSeed: boolean;
}

function integer(text: string): number | undefined {
  return /^-?\d+$/.test(text) ? Number(text) : undefined;
}

/** Reads FC_SEED and FC_RUNS; a bad value stops the run with a message saying what is allowed. */
export function propertySettings(
  env: Record<string, string | undefined> = process.env,
  draw: () => number = () => (Date.now() ^ (Math.random() * 2 ** 32)) | 0,
): PropertySettings {
  const seedText = env.FC_SEED?.trim() ?? '';
  const runsText = env.FC_RUNS?.trim() ?? '';

  let seed = DEFAULT_SEED;
  const randomSeed = seedText.toLowerCase() === 'random';
  if (randomSeed) {
    seed = draw();
  } else if (seedText !== '') {
    const parsed = integer(seedText);
    if (parsed === undefined || parsed < INT32_MIN || parsed > INT32_MAX) {
      throw new Error(
        `FC_SEED must be a whole number from ${INT32_MIN} to ${INT32_MAX}, or "random"; got "${seedText}".`,
      );
    }
    seed = parsed;
  }

  let runs: number | undefined;
  if (runsText !== '') {
    const parsed = integer(runsText);
    if (parsed === undefined || parsed < 1 || parsed > MAX_RUNS) {
      throw new Error(`FC_RUNS must be a whole number from 1 to ${MAX_RUNS}; got "${runsText}".`);
    }
    runs = parsed;
  }
  return { seed, runs, randomSeed };
}

let settings: PropertySettings | undefined;

function current(): PropertySettings {
  settings ??= propertySettings();
  return settings;
}

/** How many values a property tries: its own default, or FC_RUNS when set. */
export function runs(defaultRuns: number): number {
  return current().runs ?? defaultRuns;
}

export interface FailedRun {
  seed: number;
  /** fast-check's own report: the counterexample, the seed, the shrink path, the error. */
  report: string;
  /** Test file relative to the repo root and the test's full name, when known. */
  file?: string;
  test?: string;
}

/** The lines added under fast-check's report: how to replay exactly this failure. */
export function replayHint({ seed, file, test }: Omit<FailedRun, 'report'>): string {
  const runsPart = current().runs === undefined ? '' : ` FC_RUNS=${current().runs}`;
  const target = file ? ` ${file}` : '';
  // -t takes a pattern: escape what a test name may contain ('user.vtwallet', '(light)').
  const pattern = test?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll("'", "'\\''");
  const name = pattern ? ` -t '${pattern}'` : '';
  return `Replay: FC_SEED=${seed}${runsPart} npx vitest run${target}${name}`;
}

/** The global fast-check parameters: the seed, and a reporter that adds the replay command. */
export function globalParameters(locate: () => { file?: string; test?: string } = () => ({})) {
  const { seed, runs: numRuns } = current();
  return {
    seed,
    // For properties that set no numRuns of their own (the others call runs()).
    ...(numRuns === undefined ? {} : { numRuns }),
    reporter(details: fc.RunDetails<unknown>) {
      if (!details.failed) return;
      const report = fc.defaultReportMessage(details);
      const hint = replayHint({ seed: details.seed, ...locate() });
      throw new Error(`${report}\n\n${hint}`, { cause: details.errorInstance });
    },
  } satisfies fc.GlobalParameters;
}
