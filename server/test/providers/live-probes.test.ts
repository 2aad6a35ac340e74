/**
 * The live start probe (ADR 0042): before listening, a live start asks each
 * configured provider for its balance (VTpass `GET /balance`, then a requery of an unused id
 * for the secret key; Flutterwave `GET /v3/balances/NGN`). Bad keys, a redirect, a wrong path,
 * an unknown host or a closed port refuse the start, one line per provider naming the
 * variable; a 5xx or a timeout starts with a warning (the provider's bad moment must not take
 * the others down). VTPASS_BASE_URL must be set explicitly in live mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { probeProviders } from '../../src/deployment.ts';
import { createProviders } from '../../src/providers/index.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeRequest,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { LIVE_ENV } from '../helper.ts';
import { freePort } from '../ports.ts';
import { startServer, waitFor, type ServerProcess } from '../processes.ts';

let fake: FakeServer | undefined;
let proc: ServerProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  await proc?.kill();
  await fake?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  fake = proc = dir = undefined;
});

/** Both providers as their docs answer good keys (balance; requery of an unused id: 015). */
function healthy(req: FakeRequest): FakeReply {
  if (req.path === '/api/balance') return { json: { code: 1, contents: { balance: 25_000.5 } } };
  if (req.path === '/api/requery') {
    return { json: { code: '015', response_description: 'INVALID REQUEST ID' } };
  }
  if (req.path === '/v3/balances/NGN') {
    return {
      json: {
        status: 'success',
        message: 'Wallet balance fetched',
        data: { currency: 'NGN', available_balance: 12_000, ledger_balance: 12_000 },
      },
    };
  }
  // Withdrawals (ADR 0084): Flutterwave's "Get transfer fee" (Node-v3 documentation/transfers.md).
  if (req.path === '/v3/transfers/fee') {
    return {
      json: {
        status: 'success',
        message: 'Transfer fee fetched',
        data: [{ currency: 'NGN', fee_type: 'value', fee: 10.75 }],
      },
    };
  }
  return { status: 404, json: { message: 'not found' } };
}

/** A fake for both providers; `override` answers first where it returns a reply. */
async function upstream(override: (req: FakeRequest) => FakeReply | undefined = () => undefined) {
  fake = await startFakeServer();
  fake.handle((req) => override(req) ?? healthy(req));
  return {
    VTPASS_BASE_URL: `${fake.url}/api`,
    FLUTTERWAVE_BASE_URL: fake.url,
  };
}

const probe = (env: Record<string, string>) =>
  probeProviders(createProviders({ ...LIVE_ENV, PROVIDER_TIMEOUT_MS: '5000', ...env }));

describe('the live start probe', () => {
  it('passes when both providers answer their balance', async () => {
    const report = await probe(await upstream());
    expect(report.refusals).toEqual([]);
    expect(report.warnings).toEqual([]);
    expect(report.answered).toEqual([
      'VTpass (balance ₦25000.50)',
      'Flutterwave (balance ₦12000.00)',
      'Flutterwave transfers (fee ₦10.75 on ₦100)',
    ]);
    // The keys went where the adapters send them (the probe is the adapters' own calls).
    const balance = fake!.requests.find((r) => r.path === '/api/balance');
    expect(balance?.headers['api-key']).toBe(LIVE_ENV.VTPASS_API_KEY);
    expect(balance?.headers['public-key']).toBe(LIVE_ENV.VTPASS_PUBLIC_KEY);
    const requery = fake!.requests.find((r) => r.path === '/api/requery');
    expect(requery?.headers['secret-key']).toBe(LIVE_ENV.VTPASS_SECRET_KEY);
  });

  it('bad keys: one line per provider naming the variable', async () => {
    const env = await upstream((req) => {
      // VTpass's documented answer to wrong credentials (VTPASS_DOCS.codes, 087).
      if (req.path === '/api/balance') {
        return { json: { code: '087', response_description: 'INVALID CREDENTIALS' } };
      }
      if (req.path === '/v3/balances/NGN') {
        return { status: 401, json: { status: 'error', message: 'Invalid authorization key' } };
      }
      return undefined;
    });
    const report = await probe(env);
    expect(report.refusals).toEqual([
      'VTPASS_API_KEY and VTPASS_PUBLIC_KEY were refused by VTpass (087 INVALID CREDENTIALS): check the keys (live keys with the live host, sandbox keys with the sandbox host).',
      'FLUTTERWAVE_SECRET_KEY was refused by Flutterwave (401): check the key.',
    ]);
    expect(report.warnings).toEqual([]);
    expect(report.answered).toEqual([]);
  });

  it('a bad VTpass secret key (only POSTs carry it) is refused too', async () => {
    const env = await upstream((req) =>
      req.path === '/api/requery'
        ? { json: { code: '087', response_description: 'INVALID CREDENTIALS' } }
        : undefined,
    );
    const report = await probe(env);
    expect(report.refusals).toEqual([
      'VTPASS_SECRET_KEY was refused by VTpass (087 INVALID CREDENTIALS): check the keys (live keys with the live host, sandbox keys with the sandbox host).',
    ]);
    expect(report.answered).toEqual([
      'Flutterwave (balance ₦12000.00)',
      'Flutterwave transfers (fee ₦10.75 on ₦100)',
    ]);
  });

  it('withdrawals: a Flutterwave without the transfers fee path is refused, naming it', async () => {
    const env = await upstream((req) =>
      req.path === '/v3/transfers/fee'
        ? { status: 404, json: { message: 'not found' } }
        : undefined,
    );
    const report = await probe(env);
    expect(report.refusals).toEqual([
      `FLUTTERWAVE_BASE_URL: ${env.FLUTTERWAVE_BASE_URL} has no /v3/transfers/fee (HTTP 404); set the API base URL.`,
    ]);
  });

  it('a redirect names VTPASS_BASE_URL and where it pointed', async () => {
    const env = await upstream((req) =>
      req.path === '/api/balance'
        ? { status: 301, headers: { location: 'https://api-service.vtpass.com/api/balance' } }
        : undefined,
    );
    const report = await probe(env);
    expect(report.refusals).toEqual([
      `VTPASS_BASE_URL: ${env.VTPASS_BASE_URL} redirected to https://api-service.vtpass.com/api/balance (HTTP 301); set the API host itself.`,
    ]);
  });

  it('a wrong path (404) names the base URL', async () => {
    const env = await upstream();
    const report = await probe({ ...env, FLUTTERWAVE_BASE_URL: `${fake!.url}/nothing` });
    expect(report.refusals).toEqual([
      `FLUTTERWAVE_BASE_URL: ${fake!.url}/nothing has no /v3/balances/NGN (HTTP 404); set the API base URL.`,
    ]);
  });

  it('an unknown host or a refused connection is refused, naming the variable', async () => {
    const env = await upstream();
    const closed = await freePort();
    const report = await probe({
      ...env,
      // .invalid never resolves (RFC 2606).
      VTPASS_BASE_URL: 'https://vtpass.paybills-probe.invalid/api',
      FLUTTERWAVE_BASE_URL: `http://127.0.0.1:${closed}`,
    });
    expect(report.refusals).toEqual([
      'VTPASS_BASE_URL: vtpass.paybills-probe.invalid is not a known host (ENOTFOUND); set the API host.',
      `FLUTTERWAVE_BASE_URL: 127.0.0.1:${closed} refused the connection (ECONNREFUSED); set the API host.`,
    ]);
  });

  it('a 5xx or a timeout starts with a warning, never a refusal', async () => {
    const env = await upstream((req) => {
      if (req.path === '/api/balance') return { status: 503, text: 'Service Unavailable' };
      // Far past the probe's timeout below: the fake answers only when it is closed.
      if (req.path === '/v3/balances/NGN') return { delayMs: 60_000, json: {} };
      return undefined;
    });
    const report = await probe({ ...env, PROVIDER_TIMEOUT_MS: '300' });
    expect(report.refusals).toEqual([]);
    expect(report.answered).toEqual([]);
    expect(report.warnings).toEqual([
      "VTpass did not answer the start check (/balance: HTTP 503): started anyway; its purchases stay pending for the requery until it answers. Check VTPASS_BASE_URL and VTpass's status if this lasts.",
      "Flutterwave did not answer the start check (/v3/balances/NGN: timeout): started anyway; its purchases stay pending for the requery until it answers. Check FLUTTERWAVE_BASE_URL and Flutterwave's status if this lasts.",
    ]);
  });
});

describe('VTPASS_BASE_URL in live mode', () => {
  it('must be set explicitly (the default is the sandbox host)', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'paybills-probe-'));
    const env = Object.fromEntries(
      Object.entries(LIVE_ENV).filter(([name]) => name !== 'VTPASS_BASE_URL'),
    );
    const config = loadConfig(
      { DATA_DIR: dir, ...env },
      { argon2Fast: true, workers: false, webDir: undefined },
    );
    const refused = await buildApp({ config, logger: false }).then(
      async (app) => {
        await app.close();
        return undefined;
      },
      (err: Error) => err.message,
    );
    expect(refused).toBe(
      'VTPASS_BASE_URL is not set: live mode needs the VTpass API host set explicitly (the live one, e.g. https://vtpass.com/api, not the sandbox https://sandbox.vtpass.com/api).',
    );
  });
});

describe('the server process', () => {
  it('refuses to start on a refused key, one line naming it', { timeout: 120_000 }, async () => {
    const env = await upstream((req) =>
      req.path === '/v3/balances/NGN'
        ? { status: 401, json: { status: 'error', message: 'Invalid authorization key' } }
        : undefined,
    );
    dir = mkdtempSync(path.join(tmpdir(), 'paybills-probe-'));
    proc = await startServer({ ...LIVE_ENV, ...env, DATA_DIR: dir });
    expect(await proc.exited).toEqual({ code: 1, signal: null });
    expect(proc.output()).toContain(
      'PayBills refused to start in live mode (real provider keys or NODE_ENV=production):\n' +
        '  - FLUTTERWAVE_SECRET_KEY was refused by Flutterwave (401): check the key.\n',
    );
  });

  it('starts, with a warning, while one provider answers 5xx', { timeout: 120_000 }, async () => {
    const env = await upstream((req) =>
      req.path === '/v3/balances/NGN' ? { status: 502, text: 'Bad Gateway' } : undefined,
    );
    dir = mkdtempSync(path.join(tmpdir(), 'paybills-probe-'));
    proc = await startServer({ ...LIVE_ENV, ...env, DATA_DIR: dir });
    await proc.ready();
    // The banner is written once listening: its pipe may reach us after the first answer.
    await waitFor('the start warning', () => proc!.output().includes('WARNING:'));
    expect(proc.output()).toContain('Start check: VTpass (balance ₦25000.50) answered.');
    expect(proc.output()).toContain(
      'WARNING: Flutterwave did not answer the start check (/v3/balances/NGN: HTTP 502)',
    );
  });
});
