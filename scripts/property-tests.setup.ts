/**
 * Vitest setup for the projects with property tests (unit, dom, server): every `fc.assert` runs
 * from the same seed (FC_SEED, default fixed) and a failure ends with the command that replays
 * it. See scripts/property-tests.ts.
 */
import path from 'node:path';
import fc from 'fast-check';
import { expect } from 'vitest';
import { globalParameters } from './property-tests.ts';

fc.configureGlobal(
  globalParameters(() => {
    const { testPath, currentTestName } = expect.getState();
    return {
      file: testPath ? path.relative(process.cwd(), testPath) : undefined,
      // Vitest's -t matches the names of the test and its describe blocks joined by spaces.
      test: currentTestName?.split(' > ').join(' '),
    };
  }),
);
