import { defineConfig, devices } from '@playwright/test';
import { launchOptions } from './scripts/chromium.ts';

// End-to-end journeys run against `npm start` (the real server serving the built app).
const PORT = process.env.PORT ?? '4173';
const baseURL = `http://127.0.0.1:${PORT}`;

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
    env: { PORT },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
