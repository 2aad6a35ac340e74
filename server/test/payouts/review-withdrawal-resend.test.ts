/**
 * A withdrawal sent before is sent again under the same reference only when Flutterwave's
 * by-reference look-up lists no transfer at all (ADR 0084, 0089). ADR 0089 marks two facts a
 * resend leans on as not confirmed: that `GET /v3/transfers?reference=` filters by reference
 * (the adapter reads one page and filters again), and that Flutterwave refuses a second create
 * under a reference it already has. A list that ignored the filter proves nothing (the admin's
 * resolve refuses to act on it too): a first send that timed out after Flutterwave made the
 * transfer, then a resend Flutterwave accepted, would pay the customer twice. The first test
 * failed before (the worker sent it again).
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutAnswer } from '../../src/providers/index.ts';
import { runWithdrawalRequeryOnce } from '../../src/payouts/withdrawals.ts';
import { PIN, createKit, engines, type Kit } from '../helper.ts';

const T0 = Date.UTC(2026, 2, 11, 9, 0, 0);
const MINUTE = 60_000;

describe.each(engines)('withdrawal resend on an unproven "not found" on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { config: { clock: () => T0 } });
  });
  afterAll(() => kit.close());

  it('a look-up whose list names only other transfers is no reason to send again', async () => {
    const provider = kit.app.ctx.providers.payout;
    const send = provider.send.bind(provider);
    const byReference = provider.byReference.bind(provider);
    let creates = 0;
    try {
      // The first create reaches Flutterwave (the transfer is made) but its answer times out.
      provider.send = async (req) => {
        creates++;
        if (creates === 1) {
          await send(req);
          return { status: 'pending', callFailed: true, message: 'timeout' };
        }
        return send(req);
      };
      // The list ignored the reference filter: page 1 holds other customers' transfers only.
      provider.byReference = async (): Promise<PayoutAnswer> => ({
        status: 'pending',
        notFound: true,
        raw: {
          status: 'success',
          data: [{ id: 1, reference: 'someone-else', status: 'SUCCESSFUL', amount: 500 }],
        },
      });
      const u = await kit.user({ funds: 2_000_000 });
      const res = await kit.call(api.withdraw, {
        token: u.token,
        body: { bank_code: '044', account_number: '0211115678', amount: 10_000, pin: PIN },
      });
      expect(res.body.message.status).toBe('pending');
      expect(creates).toBe(1);

      await runWithdrawalRequeryOnce(kit.app.ctx, T0 + 10 * MINUTE);

      // Nothing proves the transfer was never made: it is asked about again, never re-created.
      expect(creates).toBe(1);
      const w = await kit.app.ctx.db
        .selectFrom('withdrawals')
        .select('status')
        .where('id', '=', res.body.message.id)
        .executeTakeFirstOrThrow();
      expect(w.status).toBe('pending');
    } finally {
      provider.send = send;
      provider.byReference = byReference;
    }
  });

  it('a look-up that lists nothing at all still sends again a send that never reached Flutterwave', async () => {
    const provider = kit.app.ctx.providers.payout;
    const send = provider.send.bind(provider);
    const byReference = provider.byReference.bind(provider);
    let creates = 0;
    try {
      // The first create never reaches Flutterwave (a network failure before the request).
      provider.send = async (req) => {
        creates++;
        if (creates === 1) return { status: 'pending', callFailed: true, message: 'ECONNRESET' };
        return send(req);
      };
      provider.byReference = async (): Promise<PayoutAnswer> => ({
        status: 'pending',
        notFound: true,
        raw: { status: 'success', data: [] },
      });
      const u = await kit.user({ funds: 2_000_000 });
      const res = await kit.call(api.withdraw, {
        token: u.token,
        body: { bank_code: '044', account_number: '0211125678', amount: 10_000, pin: PIN },
      });
      expect(res.body.message.status).toBe('pending');
      await runWithdrawalRequeryOnce(kit.app.ctx, T0 + 10 * MINUTE);
      expect(creates).toBe(2);
    } finally {
      provider.send = send;
      provider.byReference = byReference;
    }
  });
});
