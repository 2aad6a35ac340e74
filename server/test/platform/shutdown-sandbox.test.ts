/**
 * One SIGTERM stops a `npm start` server (sandbox mode, its provider simulators on the
 * loopback) within its drain time, after traffic to the simulators and while the background
 * workers are busy with slow providers (ADR 0017): the catalogue sync that runs at start calls
 * each service's provider in turn, and with a slow provider a whole run lasts far longer than
 * the drain time. A stopping worker finishes the provider call it is in and goes no further;
 * the keep-alive connections from the adapters to the simulators close with them.
 *
 * The drain time is the product's own deadline (the provider timeout plus 5 s): past it the
 * server exits 1 saying "shutdown took over". The test asserts the clean exit (0, "Stopped.")
 * that only a shutdown within that deadline prints, not a duration of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD, DEMO_PIN } from '../../src/config.ts';
import { http, startServer, type ServerProcess } from '../processes.ts';

let proc: ServerProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  await proc?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  proc = dir = undefined;
});

describe('graceful shutdown in the sandbox', () => {
  it(
    'one SIGTERM during a slow catalogue sync and after purchases stops cleanly, exit 0',
    { timeout: 180_000 },
    async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'paybills-stop-sandbox-'));
      // Every simulator answer takes 1.5 s; the drain time is 4 s + 5 s. The start sync alone
      // asks more than a dozen services in turn: well over 9 s end to end.
      proc = await startServer({
        DATA_DIR: dir,
        SANDBOX_LATENCY_MS: '1500',
        PROVIDER_TIMEOUT_MS: '4000',
        LOG_LEVEL: 'info',
      });
      await proc.ready();
      const login = await http(proc.base, 'POST', api.login.path, {
        body: { username: DEMO_EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.status).toBe(200);
      // Traffic to the simulators over keep-alive connections: two purchases, answered.
      for (const ending of ['5678', '5679']) {
        const bought = await http(proc.base, 'POST', api.airtime.path, {
          token: login.body.JWTtoken,
          body: { pin: DEMO_PIN, phone_number: `0803123${ending}`, amount: 100 },
        });
        expect(bought.status).toBe(200);
      }
      proc.child.kill('SIGTERM');
      const exit = await proc.exited;
      expect(proc.output()).toContain('SIGTERM received');
      expect(proc.output()).not.toContain('shutdown took over');
      expect(proc.output()).toContain('Stopped.');
      expect(exit).toEqual({ code: 0, signal: null });
      // What the sync had not reached is left for the next run, and said so.
      expect(proc.output()).toContain('catalogue sync stopped for the shutdown');
    },
  );

});
