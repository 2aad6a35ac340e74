import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, propertySettings, replayHint } from './property-tests.ts';

describe('property test settings (FC_SEED, FC_RUNS)', () => {
  it('uses a fixed seed and each property’s own run count by default', () => {
    expect(propertySettings({})).toEqual({
      seed: DEFAULT_SEED,
      runs: undefined,
      randomSeed: false,
    });
  });

  it('takes FC_SEED, negative ones included, and FC_RUNS', () => {
    expect(propertySettings({ FC_SEED: '-1525608512', FC_RUNS: '500' })).toEqual({
      seed: -1525608512,
      runs: 500,
      randomSeed: false,
    });
  });

  it('draws a seed for FC_SEED=random (a soak), to be printed with a failure', () => {
    expect(propertySettings({ FC_SEED: 'random' }, () => 77)).toEqual({
      seed: 77,
      runs: undefined,
      randomSeed: true,
    });
  });

  it.each([
    ['FC_SEED', '1.5', /FC_SEED must be a whole number from -2147483648 to 2147483647/],
    ['FC_SEED', '2147483648', /FC_SEED must be a whole number/],
    ['FC_SEED', 'abc', /or "random"; got "abc"/],
    ['FC_RUNS', '0', /FC_RUNS must be a whole number from 1 to 1000000; got "0"/],
    ['FC_RUNS', 'many', /FC_RUNS must be a whole number/],
  ])('refuses %s=%s with a message saying what is allowed', (name, value, message) => {
    expect(() => propertySettings({ [name]: value })).toThrow(message);
  });
});

describe('property tests in this run', () => {
  it('generate the same values every time (the seed is fixed, not the clock)', () => {
    const arbitrary = fc.array(fc.integer(), { minLength: 5, maxLength: 5 });
    expect(fc.sample(arbitrary, 3)).toEqual(fc.sample(arbitrary, 3));
    expect(fc.check(fc.property(fc.integer(), () => true)).seed).toBe(propertySettings().seed);
  });

  it('name the seed and the command that replays a failure', () => {
    const seed = propertySettings().seed;
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 10))).toThrow(
      `Replay: FC_SEED=${seed}${process.env.FC_RUNS ? ` FC_RUNS=${process.env.FC_RUNS}` : ''} ` +
        'npx vitest run scripts/property-tests.test.ts ' +
        "-t 'property tests in this run name the seed and the command that replays a failure'",
    );
    expect(() => fc.assert(fc.property(fc.nat(), (n) => n < 10))).toThrow(`seed: ${seed}`);
  });

  it('escape a test name for -t', () => {
    expect(replayHint({ seed: 1, file: 'a.test.ts', test: "user.vtwallet (it's)" })).toMatch(
      /-t 'user\\\.vtwallet \\\(it'\\''s\\\)'$/,
    );
  });
});
