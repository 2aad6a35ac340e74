import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './scripts/chromium.ts';

// End-to-end journeys run against `npm start` (the real server serving the built app).
const PORT = process.env.PORT ?? '4173';
const baseURL = `http://127.0.0.1:${PORT}`;
// Each run starts the server on a fresh database (a first start: seeds, admin, demo customer),
// never on the developer's ./data.
const DATA_DIR = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'paybills-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
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
  webServer: {
    command: 'npm start',
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    env: { PORT, DATA_DIR },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
