/**
 * The SMS outbox (ADR 0079): an event enqueued twice is one SMS; two passes at once send it
 * once; a 5xx is tried again after its back-off; the dev SMS outbox shows what the Termii
 * simulator received, in sandbox mode only.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueSms, retryDelayMs, smsPass } from '../../src/notifications/sms.ts';
import { createKit, engines, LIVE_ENV, type Kit } from '../helper.ts';

describe.each(engines)('SMS outbox on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());

  const rows = (key: string) =>
    kit.app.ctx.db.selectFrom('sms_outbox').selectAll().where('event_key', '=', key).execute();

  it('an event enqueued twice is one SMS, to the number in the international format', async () => {
    const db = kit.app.ctx.db;
    expect(await enqueueSms(db, { key: 'test:once', phone: '08031230001', text: 'Hello' })).toBe(true);
    expect(await enqueueSms(db, { key: 'test:once', phone: '08031230001', text: 'Hello' })).toBe(false);
    const [row, ...more] = await rows('test:once');
    expect(more).toEqual([]);
    expect(row).toMatchObject({ to_number: '2348031230001', status: 'queued', body: 'Hello' });
    expect(await enqueueSms(db, { key: 'test:nobody', phone: '12345', text: 'x' })).toBe(false);
  });

  it('two passes at once send it once; the dev SMS outbox shows it for 080… and 234…', async () => {
    const { db, providers } = kit.app.ctx;
    await enqueueSms(db, { key: 'test:two', phone: '08031230002', text: 'Only once' });
    // The first test's SMS goes out too: two SMS due, each sent by one pass only.
    const sent = await Promise.all([smsPass(db, providers.sms), smsPass(db, providers.sms)]);
    expect(sent[0] + sent[1]).toBe(2);
    expect(await providers.simulators.termii.received('2348031230001')).toHaveLength(1);
    const [row] = await rows('test:two');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, provider: 'sandbox-termii' });
    for (const to of ['08031230002', '2348031230002']) {
      const res = await kit.call(api.devSms, { query: { to } });
      expect(res.status).toBe(200);
      expect(res.body.message).toEqual([
        expect.objectContaining({
          to: '2348031230002',
          from: 'PayBills',
          text: 'Only once',
          message_id: row?.provider_message_id,
        }),
      ]);
    }
  });

  it('a 5xx is tried again after its back-off, then sent; a refusal is final', async () => {
    const { db, providers } = kit.app.ctx;
    const t0 = 1_900_000_000_000;
    await enqueueSms(db, { key: 'test:5xx', phone: '08031230003', text: 'Retry me' }, t0);
    providers.simulators.termii.faults.inject('send', { kind: 'status', status: 503 });
    expect(await smsPass(db, providers.sms, { now: () => t0 })).toBe(0);
    expect((await rows('test:5xx'))[0]).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Termii HTTP 503: HTTP 503',
    });
    expect(Number((await rows('test:5xx'))[0]?.next_attempt_at)).toBe(t0 + retryDelayMs(1));
    // Not before its time.
    expect(await smsPass(db, providers.sms, { now: () => t0 + 1_000 })).toBe(0);
    expect(await smsPass(db, providers.sms, { now: () => t0 + retryDelayMs(1) })).toBe(1);
    expect((await rows('test:5xx'))[0]).toMatchObject({ status: 'sent', attempts: 2 });

    await enqueueSms(db, { key: 'test:refused', phone: '08031230004', text: 'No' }, t0);
    providers.simulators.termii.faults.inject('send', {
      kind: 'code',
      code: '400',
      message: 'You are not set up on this route',
    });
    await smsPass(db, providers.sms, { now: () => t0 });
    expect((await rows('test:refused'))[0]).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('a row a crash left "sending" is closed as unknown, never sent again', async () => {
    const { db, providers } = kit.app.ctx;
    const t0 = 1_900_000_000_000;
    await enqueueSms(db, { key: 'test:crash', phone: '08031230005', text: 'Once at most' }, t0);
    await db
      .updateTable('sms_outbox')
      .set({ status: 'sending', lease_until: t0 + 10, attempts: 1 })
      .where('event_key', '=', 'test:crash')
      .execute();
    await smsPass(db, providers.sms, { now: () => t0 + 11 });
    expect((await rows('test:crash'))[0]).toMatchObject({ status: 'failed' });
    expect(await providers.simulators.termii.received('2348031230005')).toEqual([]);
  });
});

describe('dev SMS outbox in live mode', () => {
  it('is not there (404)', async () => {
    const kit = await createKit('sqlite', { env: LIVE_ENV });
    try {
      expect(kit.app.ctx.mode).toBe('live');
      expect(kit.app.ctx.providers.sms).toBeNull();
      const res = await kit.call(api.devSms, { query: { to: '08031230002' } });
      expect(res.status).toBe(404);
    } finally {
      await kit.close();
    }
  });
});
