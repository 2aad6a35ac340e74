/**
 * Graceful shutdown (ADR 0017), on a real server process whose VTpass calls go to a
 * fake upstream the test holds open: SIGTERM stops accepting connections, lets the purchases
 * in flight finish (each answered, each recorded), stops the workers and exits 0; a second
 * SIGTERM exits at once, leaving a purchase caught mid-call recorded as pending (debited, for
 * the requery), never half done.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { api } from '@contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb } from '../../src/platform/db/index.ts';
import { checkInvariants } from '../../src/wallet/ledger.ts';
import { createHasher } from '../../src/platform/secrets.ts';
import { startFakeServer, type FakeServer } from '../../src/providers/testing/fake-http.ts';
import { insertCustomer, LIVE_ENV, PASSWORD, PIN } from '../helper.ts';
import { http, startServer, waitFor, type ServerProcess } from '../processes.ts';

let proc: ServerProcess | undefined;
let fake: FakeServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await proc?.kill();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  proc = fake = dir = undefined;
});

/** A server whose VTpass purchases wait until `release()` (or forever). */
async function serverWithHeldProvider(env: Record<string, string> = {}) {
  fake = await startFakeServer();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  fake.handle(async (req) => {
    // The live start probe asks both providers for their balance (ADR 0042).
    if (req.path === '/api/balance') return { json: { code: 1, contents: { balance: 1000 } } };
    if (req.path === '/v3/balances/NGN') {
      return { json: { status: 'success', data: { currency: 'NGN', available_balance: 1000 } } };
    }
    if (req.path !== '/api/pay') return { json: { code: '099' } };
    await released;
    return {
      json: {
        code: '000',
        response_description: 'TRANSACTION SUCCESSFUL',
        content: { transactions: { status: 'delivered', transactionId: '1' } },
      },
    };
  });
  dir = mkdtempSync(path.join(tmpdir(), 'paybills-stop-'));
  // A real VTpass adapter means live mode (ADR 0014): everything it asks for, and no demo
  // customer, so the test puts one in the database.
  proc = await startServer({
    ...LIVE_ENV,
    DATA_DIR: dir,
    VTPASS_BASE_URL: `${fake.url}/api`,
    FLUTTERWAVE_BASE_URL: fake.url,
    PROVIDER_TIMEOUT_MS: '60000',
    // Each purchase waits for its provider's answer here, not the answer budget (ADR 0075).
    PURCHASE_ANSWER_MS: '60000',
    ...env,
  });
  await proc.ready();
  const dbFile = path.join(dir, 'paybills.db');
  const dbh = await openDb('sqlite', dbFile, { migrate: false });
  try {
    await insertCustomer(dbh, createHasher(true), { email: 'buyer@example.com', funds: 10_000_00 });
  } finally {
    await dbh.close();
  }
  const login = await http(proc.base, 'POST', api.login.path, {
    body: { username: 'buyer@example.com', password: PASSWORD },
  });
  const token: string = login.body.JWTtoken;
  const buy = (i: number) =>
    http(proc!.base, 'POST', api.airtime.path, {
      token,
      body: { pin: PIN, phone_number: `0803123${5600 + i}`, amount: 100 },
    });
  return { release, buy, dbFile };
}

async function transactions(dbFile: string) {
  const dbh = await openDb('sqlite', dbFile);
  try {
    const rows = await dbh.db.selectFrom('transactions').select(['status']).execute();
    return { statuses: rows.map((r) => r.status), invariants: await checkInvariants(dbh.db) };
  } finally {
    await dbh.close();
  }
}

const payCalls = () => fake!.requests.filter((r) => r.path === '/api/pay').length;

describe('graceful shutdown', () => {
  it(
    'SIGTERM: stops accepting, finishes the purchases in flight, exits 0',
    { timeout: 120_000 },
    async () => {
      const { release, buy, dbFile } = await serverWithHeldProvider();
      const inFlight = [0, 1, 2, 3, 4].map(buy);
      await waitFor('five purchases at the provider', () => payCalls() === 5);
      proc!.child.kill('SIGTERM');
      await waitFor('the shutdown to start', () => proc!.output().includes('SIGTERM received'));
      // No new connections…
      await waitFor(
        'new connections to be refused',
        async () => (await http(proc!.base, 'GET', api.networks.path)).status === 0,
      );
      // …but the purchases in flight are still being served.
      expect(proc!.child.exitCode).toBeNull();
      release();
      const answers = await Promise.all(inFlight);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.every((a) => a.body.message.status === 'successful')).toBe(true);
      expect(await proc!.exited).toEqual({ code: 0, signal: null });
      expect(proc!.output()).toContain('Stopped.');
      const after = await transactions(dbFile);
      expect(after.statuses).toEqual(Array(5).fill('successful'));
      expect(after.invariants).toEqual([]);
    },
  );

  it(
    'SIGTERM waits for a purchase answered pending whose provider call is still out (ADR 0075)',
    { timeout: 120_000 },
    async () => {
      const { release, buy, dbFile } = await serverWithHeldProvider({ PURCHASE_ANSWER_MS: '200' });
      // The provider holds it: the customer is answered pending past the budget.
      const answer = await buy(0);
      expect(answer.status).toBe(200);
      expect(answer.body.message.status).toBe('pending');
      expect(payCalls()).toBe(1);
      proc!.child.kill('SIGTERM');
      await waitFor('the shutdown to start', () => proc!.output().includes('SIGTERM received'));
      // Still waiting for the call it answered before.
      expect(proc!.child.exitCode).toBeNull();
      release();
      expect(await proc!.exited).toEqual({ code: 0, signal: null });
      const after = await transactions(dbFile);
      // Settled by that call before the database closed, not left for the requery.
      expect(after.statuses).toEqual(['successful']);
      expect(after.invariants).toEqual([]);
    },
  );

  it(
    'a second SIGTERM exits at once; the purchase caught mid-call stays recorded as pending',
    { timeout: 120_000 },
    async () => {
      const { buy, dbFile } = await serverWithHeldProvider();
      const stuck = buy(0);
      await waitFor('the purchase at the provider', () => payCalls() === 1);
      proc!.child.kill('SIGTERM');
      await waitFor('the shutdown to start', () => proc!.output().includes('SIGTERM received'));
      // Waiting for the purchase (the provider may take up to a minute).
      expect(proc!.child.exitCode).toBeNull();
      proc!.child.kill('SIGTERM');
      // Well before the purchase or the grace period (65 s) could end.
      await waitFor('the exit', () => proc!.child.exitCode !== null, { timeoutMs: 5_000 });
      expect(proc!.output()).toContain('SIGTERM received again: exiting now.');
      expect((await stuck).status).toBe(0);
      const after = await transactions(dbFile);
      // Debited and pending: the requery resolves it after a restart.
      expect(after.statuses).toEqual(['pending']);
      expect(after.invariants).toEqual([]);
    },
  );
});
