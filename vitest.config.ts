import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig, mergeConfig } from 'vitest/config';
import { launchOptions } from './scripts/chromium.ts';
import viteConfig from './vite.config.ts';

/** Property tests (fast-check) run from a fixed seed: FC_SEED / FC_RUNS, see the file. */
const PROPERTY_TESTS = './scripts/property-tests.setup.ts';

/**
 * Test projects (aliases and plugins come from vite.config.ts via `extends: true`):
 * - unit:      *.test.ts in contract/, mocks/, src/lib/, scripts/ (Node)
 * - dom:       *.test.tsx under src/ (jsdom + jest-dom, cleaned up after each test)
 * - storybook: every story in stories/ (render + play + axe) in headless Chromium
 * - visual:    visual/*.visual.test.tsx: a screenshot of every UI story and of the curated
 *              feature stories (visual/feature-stories.ts) compared with baselines
 * - server:    server/**\/*.test.ts, bench/**\/*.test.ts and sim/**\/*.test.ts (Node)
 * Run one with `vitest run --project <name>`.
 */
export default defineConfig((configEnv) =>
  mergeConfig(
    viteConfig(configEnv),
    defineConfig({
      test: {
        // Two cores on CI machines: keep the pool lean.
        maxWorkers: 2,
        // A project with no files yet (server/, dom) must not fail `--project <name>` on its own.
        // Vitest 4 accepts this option only at the root, not per project.
        passWithNoTests: true,
        projects: [
          {
            extends: true,
            test: {
              name: 'unit',
              environment: 'node',
              setupFiles: [PROPERTY_TESTS],
              include: [
                'contract/**/*.test.ts',
                'mocks/**/*.test.ts',
                'src/lib/**/*.test.ts',
                'scripts/**/*.test.ts',
              ],
            },
          },
          {
            extends: true,
            test: {
              name: 'dom',
              environment: 'jsdom',
              include: ['src/**/*.test.tsx'],
              setupFiles: ['./src/testing/setup-dom.ts', PROPERTY_TESTS],
              // Room for findBy… (3 s, see the setup file) on a cold, busy runner.
              testTimeout: 10_000,
            },
          },
          {
            extends: true,
            plugins: [storybookTest({ configDir: '.storybook' })],
            test: {
              name: 'storybook',
              // Run after the Node/jsdom projects instead of beside them: on two cores, Chromium
              // and its dependency optimiser starve the jsdom tests (findBy… timeouts).
              sequence: { groupOrder: 1 },
              // A story's play is a whole interaction (a form filled key by key, a server answer,
              // a message): ~9 s for the longest on a busy two-core runner, where browser mode's
              // 15 s default left too little room. A bound, not a timing assertion.
              testTimeout: 30_000,
              browser: {
                enabled: true,
                headless: true,
                provider: playwright({ launchOptions }),
                instances: [{ browser: 'chromium' }],
              },
            },
          },
          {
            // Visual regression (visual/): every UI story shot on phone and desktop, light and
            // dark, and the curated feature stories (visual/feature-stories.ts) on both in light,
            // compared with the baselines in visual/__screenshots__. Check with
            // `npm run test:visual`, rewrite with `npm run test:visual:update`.
            extends: true,
            test: {
              name: 'visual',
              include: ['visual/**/*.visual.test.tsx'],
              sequence: { groupOrder: 2 },
              browser: {
                enabled: true,
                headless: true,
                // A window larger than the biggest shot (1280 × 800), so Vitest never scales the
                // story's frame down to fit.
                provider: playwright({
                  launchOptions,
                  contextOptions: { viewport: { width: 1600, height: 1000 } },
                }),
                instances: [{ browser: 'chromium' }],
                // A failing story's page shot would land beside the baselines: the diff is enough.
                screenshotFailures: false,
                expect: {
                  toMatchScreenshot: {
                    comparatorName: 'pixelmatch',
                    // Tolerance: pixelmatch ignores anti-aliased pixels and colour differences
                    // below a YIQ distance of 0.03 (stricter than its 0.1 default, which let a
                    // text colour moving from #912018 to #a12018 pass), and a shot may differ in
                    // at most 0.1 % of its pixels and never in more than 25, whichever is fewer.
                    // A Chromium patch release moves a few anti-aliased edge pixels and passes;
                    // a changed colour, size, spacing or word changes far more and fails, with
                    // a diff image under .vitest-attachments/.
                    comparatorOptions: {
                      threshold: 0.03,
                      allowedMismatchedPixelRatio: 0.001,
                      allowedMismatchedPixels: 25,
                    },
                    // One folder per viewport and theme; no browser/platform suffix (CI and these
                    // machines both run Debian's Chromium on Linux).
                    resolveScreenshotPath: ({ arg, ext, root }) =>
                      `${root}/visual/__screenshots__/${arg}${ext}`,
                  },
                },
              },
            },
          },
          {
            extends: true,
            test: {
              name: 'taps',
              include: ['visual/**/*.taps.test.tsx'],
              sequence: { groupOrder: 2 },
              browser: {
                enabled: true,
                headless: true,
                provider: playwright({
                  launchOptions,
                  contextOptions: { viewport: { width: 1280, height: 900 }, hasTouch: true },
                }),
                instances: [{ browser: 'chromium' }],
                screenshotFailures: false,
              },
            },
          },
          {
            extends: true,
            test: {
              name: 'server',
              environment: 'node',
              setupFiles: [PROPERTY_TESTS],
              // bench/*.test.ts: each benchmark mode runs for a moment (it works, not how fast).
              // sim/*.test.ts: seeded fault simulation runs (ADR 0085).
              include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'sim/**/*.test.ts'],
              // One throwaway PostgreSQL for the run; each test file makes its own database.
              globalSetup: ['./server/test/global-setup.ts'],
              // argon2 (at test cost) and PostgreSQL round trips: room on a busy 2-core runner.
              testTimeout: 30_000,
              hookTimeout: 60_000,
            },
          },
        ],
      },
    }),
  ),
);
