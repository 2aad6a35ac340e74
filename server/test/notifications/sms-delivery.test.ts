/**
 * Termii delivery reports (ADR 0086), on SQLite and PostgreSQL: Termii's message history
 * (`GET /api/sms/inbox?api_key=…&message_id=…`, https://developers.termii.com/history) is asked
 * about each sent SMS until it says delivered or failed; "Message Sent" (Termii's first state,
 * https://developer.termii.com/events-and-reports) is asked again later; a failed history call
 * changes nothing; the admin's timeline of the purchase shows the report.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsPass } from '../../src/notifications/sms.ts';
import { deliveryPass, termiiDelivery } from '../../src/notifications/sms-delivery.ts';
import { adminLogin, createKit, engines, PIN, type Kit } from '../helper.ts';

describe('Termii history statuses', () => {
  it('reads the documented states as ours', () => {
    expect(termiiDelivery('Delivered')).toBe('delivered');
    expect(termiiDelivery('DELIVERED | Message delivered to handset')).toBe('delivered');
    expect(termiiDelivery('DND Active on Phone Number')).toBe('undelivered');
    expect(termiiDelivery('Message Failed')).toBe('undelivered');
    expect(termiiDelivery('Failed')).toBe('undelivered');
    expect(termiiDelivery('Message Sent')).toBeNull();
    expect(termiiDelivery('Something new')).toBeNull();
  });
});

describe.each(engines)('SMS delivery reports on %s', (engine) => {
  let kit: Kit;
  let owner: string;
  let now = 1_800_000_000_000;

  beforeAll(async () => {
    kit = await createKit(engine);
    owner = await adminLogin(kit);
  });
  afterAll(() => kit.close());

  const rows = () =>
    kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['id', 'to_number', 'status', 'delivery_status', 'delivery_detail'])
      .where('status', '=', 'sent')
      .orderBy('id')
      .execute();

  it('asks Termii about each sent SMS until it is delivered or not, and the timeline shows it', async () => {
    // A refused purchase (the sandbox VTpass fails a number ending 0000): its refund SMS goes
    // to the account holder's phone.
    const user = await kit.user({ funds: 5_000_00 });
    const res = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031230000', amount: 1000 },
    });
    expect(res.status).toBe(200);
    const id = res.body.message.transaction_id as string;
    const provider = kit.app.ctx.providers.sms;
    await smsPass(kit.app.ctx.db, provider, { now: () => now });
    const sent = await rows();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.delivery_status === null)).toBe(true);

    // First ask: Termii's first state, "Message Sent": no report yet.
    const first = await deliveryPass(kit.app.ctx, { now: () => now });
    expect(first).toEqual({ asked: sent.length, reported: 0 });
    expect((await rows()).every((r) => r.delivery_status === null)).toBe(true);

    // Asked again before the wait: nobody is asked.
    now += 10_000;
    expect(await deliveryPass(kit.app.ctx, { now: () => now })).toEqual({ asked: 0, reported: 0 });

    // A failed history call changes nothing.
    now += 60_000;
    kit.app.ctx.providers.simulators.termii.faults.inject('inbox', { kind: 'status', status: 500 });
    const failed = await deliveryPass(kit.app.ctx, { now: () => now });
    expect(failed.reported).toBe(0);

    // Then the report: delivered.
    now += 60_000;
    const second = await deliveryPass(kit.app.ctx, { now: () => now });
    expect(second.reported).toBe(sent.length);
    const after = await rows();
    expect(after.map((r) => [r.delivery_status, r.delivery_detail])).toEqual(
      sent.map(() => ['delivered', 'Delivered']),
    );

    // The admin's timeline of the purchase shows the refund SMS delivered, in Termii's words.
    const timeline = await kit.call(api.transactionTimeline, { token: owner, params: { id } });
    expect(timeline.status).toBe(200);
    const texts = timeline.body.message.events.filter((e: { kind: string }) => e.kind === 'sms');
    expect(texts.map((e: { status: string; detail: string }) => [e.status, e.detail])).toEqual([
      ['delivered', 'Termii: Delivered'],
    ]);

    // Reported messages are not asked about again.
    now += 120_000;
    expect(await deliveryPass(kit.app.ctx, { now: () => now })).toEqual({ asked: 0, reported: 0 });
  });

  it('a number with do-not-disturb active is reported undelivered', async () => {
    const db = kit.app.ctx.db;
    // The simulator's rule (ours, ADR 0086): a number ending 0000 has DND active.
    await db
      .insertInto('sms_outbox')
      .values({
        event_key: 'test-dnd',
        user_id: null,
        to_number: '2348030000000',
        body: 'Test',
        status: 'queued',
        next_attempt_at: now,
        created_at: now,
        sent_at: null,
      })
      .execute();
    await smsPass(db, kit.app.ctx.providers.sms, { now: () => now });
    now += 120_000;
    await deliveryPass(kit.app.ctx, { now: () => now });
    now += 120_000;
    await deliveryPass(kit.app.ctx, { now: () => now });
    const row = await db
      .selectFrom('sms_outbox')
      .select(['delivery_status', 'delivery_detail'])
      .where('event_key', '=', 'test-dnd')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      delivery_status: 'undelivered',
      delivery_detail: 'DND Active on Phone Number',
    });
  });
});
