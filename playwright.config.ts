import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_URL, MANUAL_REVERSE_PORT, MANUAL_REVERSE_URL, PORT } from './e2e/servers.ts';
import { launchOptions } from './scripts/chromium.ts';

// End-to-end journeys run against `npm start` (the real server serving the built app).
const baseURL = BASE_URL;
// Each run starts the servers on fresh databases (a first start: seeds, admin, demo customer),
// never on the developer's ./data.
const freshDir = () => mkdtempSync(path.join(tmpdir(), 'paybills-e2e-'));
const DATA_DIR = process.env.E2E_DATA_DIR ?? freshDir();

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ...(process.env.CI ? [['html', { open: 'never' }] as const] : []),
    // scripts/test-all.mjs (npm test) reads the counts from here for its summary.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['json'] as const] : []),
  ],
  use: {
    baseURL,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], launchOptions },
    },
  ],
  // Playwright starts these one after the other, each once its URL answers: the first builds
  // dist/ (npm start), the second serves the same build.
  webServer: [
    {
      command: 'npm start',
      url: baseURL,
      // Never someone else's server (a `vite preview` on 4173, yesterday's run): a busy port
      // fails the run at once; PORT=<n> moves both servers (n and n+1).
      reuseExistingServer: false,
      // The journeys sign up more customers from 127.0.0.1 than the 20 an hour one address may
      // (rate limits are tested in server/test/platform/abuse.test.ts): route limits off for this server.
      env: { PORT: String(PORT), DATA_DIR, RATE_LIMITS: 'off' },
      timeout: 180_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
    {
      command: 'npm run start:server',
      url: MANUAL_REVERSE_URL,
      reuseExistingServer: false,
      env: { PORT: String(MANUAL_REVERSE_PORT), DATA_DIR: freshDir(), AUTO_REVERSE_FAILED: '0' },
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
