/**
 * Vitest globalSetup (server project): starts one throwaway PostgreSQL for the run
 * (throwaway-pg.ts) and stops it afterwards. Each test file creates its own database in it.
 * Without PostgreSQL binaries the PostgreSQL suites FAIL with the message provided here (CI
 * installs them via .ci/run); they never skip.
 */
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from './throwaway-pg.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgError: string;
  }
}

export default async function setup(project: TestProject) {
  const pg = await startThrowawayPostgres();
  if (pg.error !== undefined) {
    project.provide('pgAdminUrl', '');
    project.provide('pgError', pg.error);
    return;
  }
  project.provide('pgAdminUrl', pg.adminUrl);
  project.provide('pgError', '');
  return () => pg.stop();
}
