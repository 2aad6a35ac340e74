/**
 * VTpass's documented answers through the whole server (ADR 0038), on both
 * engines, with the real VTpass adapter against a fake VTpass:
 * - `/pay` refusals (027, 028, 031–035…) fail and refund at once, whatever the HTTP status;
 * - requery 015 ("this RequestID was not used on our platform") fails and refunds a purchase
 *   once said twice, a minute apart, after the purchase call surely ended (fake clock: the
 *   worker's `now`), and never on one answer or inside the pay window;
 * - the transaction-update callback (POST /api/webhooks/vtpass) answers `{"response":"success"}`
 *   and is only a hint: a requery decides; a reversal after delivery refunds once, a replay
 *   changes nothing, and a callback the requery contradicts changes nothing;
 * - a redirect from the VTpass host fails the purchase with a configuration error.
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { systemBalance } from '../../src/wallet/ledger.ts';
import {
  startFakeServer,
  type FakeReply,
  type FakeServer,
} from '../../src/providers/testing/fake-http.ts';
import { callbackFor, requeryAnswer } from '../../src/providers/testing/vtpass-fixtures.ts';
import { runRequeryOnce, UNKNOWN_REQUEST_CONFIRM_MS } from '../../src/purchases/requery.ts';
import { createKit, engines, LIVE_ENV, PIN, type Kit } from '../helper.ts';

const TIMEOUT_MS = 2_000;
const FUNDS = 10_000_00;
/** ₦1,000 of airtime costs the customer ₦980 (the seed's MTN discount). */
const PAID = 980_00;

const CODES_DOC = 'https://www.vtpass.com/documentation/response-codes/';
const pay015 = { json: { code: '015', response_description: 'INVALID REQUEST ID' } };
const processing = { json: { code: '099', response_description: 'TRANSACTION IS PROCESSING' } };

describe.each(engines)('VTpass codes through the server on %s', (engine) => {
  let kit: Kit;
  let fake: FakeServer;
  /** What the fake VTpass answers to /pay (for every purchase) and to /requery, per request. */
  let payReply: FakeReply;
  let requeryReplies: Map<string, FakeReply>;

  beforeAll(async () => {
    fake = await startFakeServer();
    kit = await createKit(engine, {
      env: {
        ...LIVE_ENV,
        VTPASS_BASE_URL: `${fake.url}/api`,
        PROVIDER_TIMEOUT_MS: String(TIMEOUT_MS),
        PENDING_ALERT_HOURS: '24',
      },
    });
  });
  beforeEach(() => {
    payReply = processing;
    requeryReplies = new Map();
    fake.handle((req) => {
      if (req.path === '/api/pay') return payReply;
      if (req.path === '/api/requery') {
        const id = (req.body as { request_id?: string } | undefined)?.request_id ?? '';
        return requeryReplies.get(id) ?? processing;
      }
      return { status: 404, json: {} };
    });
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => {
    await kit.close();
    await fake.close();
  });

  const float = () => systemBalance(kit.app.ctx.db, 'provider_float');

  async function row(id: string) {
    return kit.app.ctx.db
      .selectFrom('transactions')
      .select(['status', 'provider_request_id', 'created_at', 'response_msg', 'next_requery_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** ₦1,000 of MTN airtime through VTpass; /pay answers `payReply`. */
  async function buy() {
    const u = await kit.user({ funds: FUNDS });
    const res = await kit.call(api.airtime, {
      token: u.token,
      body: { pin: PIN, phone_number: '08031235678', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const r = await row(id);
    return {
      u,
      id,
      status: res.body.message.status as string,
      requestId: r.provider_request_id as string,
      createdAt: Number(r.created_at),
    };
  }

  describe('/pay refusals fail and refund at once, on any HTTP status', () => {
    it.each([
      ['027', 200], // IP NOT WHITELISTED, CONTACT SUPPORT
      ['027', 403],
      ['028', 400], // PRODUCT IS NOT WHITELISTED ON YOUR ACCOUNT
      ['031', 200], // BELOW MINIMUM QUANTITY ALLOWED
      ['032', 422], // ABOVE MINIMUM QUANTITY ALLOWED
      ['034', 503], // SERVICE SUSPENDED
      ['035', 200], // SERVICE INACTIVE
      ['087', 401], // INVALID CREDENTIALS
      ['016', 500], // TRANSACTION FAILED
    ])(`code %s with HTTP %i (${CODES_DOC})`, async (code, status) => {
      payReply = { status, json: { code, response_description: 'REFUSED' } };
      const floatBefore = await float();
      const { u, id, status: answered } = await buy();
      // Refused before processing: failed, and refunded before the answer.
      expect(answered).toBe('reversed');
      expect((await row(id)).status).toBe('reversed');
      expect(await kit.balance(u.id)).toBe(FUNDS);
      expect(await float()).toBe(floatBefore);
    });

    it('an undocumented code (033) stays pending: nothing refunded', async () => {
      payReply = { status: 400, json: { code: '033', response_description: '?' } };
      const { u, status } = await buy();
      expect(status).toBe('pending');
      expect(await kit.balance(u.id)).toBe(FUNDS - PAID);
    });
  });

  describe('requery 015: never received', () => {
    /** The worker at a fake `now`: only this purchase's requery answers are set. */
    const requeryAt = (now: number) => runRequeryOnce(kit.app.ctx, { now });

    it('two 015 a minute apart, after the pay window: failed and refunded, once', async () => {
      const p = await buy();
      expect(p.status).toBe('pending');
      requeryReplies.set(p.requestId, pay015);
      // The first requery is due when the pay call has surely ended (timeout + 5 s).
      const first = p.createdAt + TIMEOUT_MS + 5_000;
      await requeryAt(first);
      expect((await row(p.id)).status).toBe('pending');
      expect(await kit.balance(p.u.id)).toBe(FUNDS - PAID);
      // Asked again when the minute is up, not after a long backoff.
      expect(Number((await row(p.id)).next_requery_at)).toBe(first + UNKNOWN_REQUEST_CONFIRM_MS);
      // Within the minute: still pending.
      await kit.app.ctx.db
        .updateTable('transactions')
        .set({ next_requery_at: 0 })
        .where('id', '=', p.id)
        .execute();
      await requeryAt(first + 30_000);
      expect((await row(p.id)).status).toBe('pending');
      // A minute after the first 015: it was never made.
      await requeryAt(first + UNKNOWN_REQUEST_CONFIRM_MS);
      const after = await row(p.id);
      expect(after.status).toBe('reversed');
      expect(after.response_msg).toMatch(/no record of this purchase/);
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
      // Within about two minutes of the pay call, not 24 hours later.
      expect(first + UNKNOWN_REQUEST_CONFIRM_MS - p.createdAt).toBeLessThan(2 * 60_000);
      await requeryAt(first + 10 * UNKNOWN_REQUEST_CONFIRM_MS);
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
    });

    it('015 inside the pay window proves nothing (the pay call may still be on its way)', async () => {
      const p = await buy();
      requeryReplies.set(p.requestId, pay015);
      const due = () =>
        kit.app.ctx.db
          .updateTable('transactions')
          .set({ next_requery_at: 0 })
          .where('id', '=', p.id)
          .execute();
      await due();
      await requeryAt(p.createdAt + 500);
      await due();
      await requeryAt(p.createdAt + 500 + UNKNOWN_REQUEST_CONFIRM_MS / 2);
      await due();
      // Past the window now, but this is the first 015 that counts.
      await requeryAt(p.createdAt + TIMEOUT_MS + 1);
      expect((await row(p.id)).status).toBe('pending');
      expect(await kit.balance(p.u.id)).toBe(FUNDS - PAID);
    });

    it('a "processing" answer between two 015 starts the minute again', async () => {
      const p = await buy();
      const first = p.createdAt + TIMEOUT_MS + 5_000;
      requeryReplies.set(p.requestId, pay015);
      await requeryAt(first);
      requeryReplies.set(p.requestId, processing);
      await requeryAt(first + UNKNOWN_REQUEST_CONFIRM_MS);
      requeryReplies.set(p.requestId, pay015);
      await requeryAt(first + 10 * UNKNOWN_REQUEST_CONFIRM_MS);
      expect((await row(p.id)).status).toBe('pending');
      await requeryAt(first + 11 * UNKNOWN_REQUEST_CONFIRM_MS);
      expect((await row(p.id)).status).toBe('reversed');
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
    });

    it('a failed requery call between two 015 does not reset the minute', async () => {
      const p = await buy();
      const first = p.createdAt + TIMEOUT_MS + 5_000;
      requeryReplies.set(p.requestId, pay015);
      await requeryAt(first);
      requeryReplies.set(p.requestId, { status: 503, text: 'Service Unavailable' });
      await requeryAt(first + UNKNOWN_REQUEST_CONFIRM_MS);
      requeryReplies.set(p.requestId, pay015);
      await requeryAt(first + 2 * UNKNOWN_REQUEST_CONFIRM_MS);
      expect((await row(p.id)).status).toBe('reversed');
    });
  });

  describe('the transaction-update callback', () => {
    const callback = (body: unknown) => kit.call(api.vtpassWebhook, { body });

    it('answers exactly {"response":"success"}, also for unknown ids and other types', async () => {
      for (const body of [
        callbackFor('202611220449nosuchrequest', 'delivered'),
        { type: 'variations-update', data: { serviceID: 'dstv' } },
        { type: 'transaction-update' },
      ]) {
        const res = await kit.app.inject({
          method: 'POST',
          url: api.vtpassWebhook.path,
          payload: body as object,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ response: 'success' });
      }
    });

    it('a pending purchase settles on the requery, not on the callback', async () => {
      const p = await buy();
      // The callback says delivered; the requery says it failed: the requery wins.
      requeryReplies.set(p.requestId, { json: requeryAnswer(p.requestId, 'failed') });
      const res = await callback(callbackFor(p.requestId, 'delivered'));
      expect(res.body).toEqual({ response: 'success' });
      expect((await row(p.id)).status).toBe('reversed');
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
      expect(fake.requests.filter((r) => r.path === '/api/requery')).toHaveLength(1);
    });

    it('a pending purchase the requery confirms delivered is delivered', async () => {
      const p = await buy();
      requeryReplies.set(p.requestId, { json: requeryAnswer(p.requestId, 'delivered') });
      await callback(callbackFor(p.requestId, 'delivered'));
      expect((await row(p.id)).status).toBe('successful');
      expect(await kit.balance(p.u.id)).toBe(FUNDS - PAID);
    });

    it('a reversal after delivery refunds the customer once; a replay changes nothing', async () => {
      payReply = { json: requeryAnswer('x', 'delivered') };
      const p = await buy();
      expect(p.status).toBe('successful');
      const floatBefore = await float();
      requeryReplies.set(p.requestId, { json: requeryAnswer(p.requestId, 'reversed') });
      const reversal = callbackFor(p.requestId, 'reversed');
      const res = await callback(reversal);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ response: 'success' });
      expect((await row(p.id)).status).toBe('reversed');
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
      expect(await float()).toBe(floatBefore - PAID);
      // VTpass sends until it reads the reply, up to five times.
      for (let i = 0; i < 4; i++) expect((await callback(reversal)).status).toBe(200);
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
      expect(await float()).toBe(floatBefore - PAID);
    });

    it('040 TRANSACTION REVERSAL on the requery refunds a delivered purchase too', async () => {
      payReply = { json: requeryAnswer('x', 'delivered') };
      const p = await buy();
      requeryReplies.set(p.requestId, {
        json: { code: '040', response_description: 'TRANSACTION REVERSAL' },
      });
      await callback(callbackFor(p.requestId, 'reversed', '040'));
      expect((await row(p.id)).status).toBe('reversed');
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
    });

    it('a forged reversal the requery contradicts changes nothing', async () => {
      payReply = { json: requeryAnswer('x', 'delivered') };
      const p = await buy();
      requeryReplies.set(p.requestId, { json: requeryAnswer(p.requestId, 'delivered') });
      const res = await callback(callbackFor(p.requestId, 'reversed'));
      expect(res.body).toEqual({ response: 'success' });
      expect((await row(p.id)).status).toBe('successful');
      expect(await kit.balance(p.u.id)).toBe(FUNDS - PAID);
    });

    it('when the requery cannot be made, a 502 makes VTpass send it again', async () => {
      payReply = { json: requeryAnswer('x', 'delivered') };
      const p = await buy();
      requeryReplies.set(p.requestId, { status: 503, text: 'Service Unavailable' });
      const reversal = callbackFor(p.requestId, 'reversed');
      const res = await callback(reversal);
      expect(res.status).toBe(502);
      expect((await row(p.id)).status).toBe('successful');
      expect(await kit.balance(p.u.id)).toBe(FUNDS - PAID);
      requeryReplies.set(p.requestId, { json: requeryAnswer(p.requestId, 'reversed') });
      expect((await callback(reversal)).body).toEqual({ response: 'success' });
      expect(await kit.balance(p.u.id)).toBe(FUNDS);
    });

    it('refuses an over-long body field with 400, nothing changed', async () => {
      const res = await callback({ type: 'x'.repeat(65), data: {} });
      expect(res.status).toBe(400);
    });
  });

  it('a redirect from the VTpass host fails the purchase with a configuration error', async () => {
    payReply = {
      status: 301,
      headers: { location: 'https://api-service.vtpass.com/api/pay' },
      text: '',
    };
    const { u, id, status } = await buy();
    expect(status).toBe('reversed');
    const r = await row(id);
    expect(r.status).toBe('reversed');
    expect(r.response_msg).toContain('VTPASS_BASE_URL');
    expect(r.response_msg).not.toMatch(/network error:/i);
    expect(await kit.balance(u.id)).toBe(FUNDS);
  });
});
