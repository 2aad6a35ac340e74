/**
 * A new sign-in told (ADR 0087): a sign-in from a device the account has not been used on
 * (no device cookie, or one the account has never signed in with) sends a security SMS and
 * e-mail; a sign-in from a known device, and an account's very first sign-in, tell no one.
 * Security SMS cannot be turned off (ADR 0081).
 */
import { api } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isGsm, SMS_PAGE } from '../../src/notifications/sms.ts';
import { securitySms } from '../../src/notifications/security-mail.ts';
import { createKit, engines, insertCustomer, PASSWORD, type Kit } from '../helper.ts';

// 2 Dec 2026, 14:05 in Lagos.
const AT = Date.UTC(2026, 11, 2, 13, 5);
const TEXT =
  'New sign-in to your account on 2 Dec, 14:05 WAT from a new device. Not you? Reset your password now from the sign-in page.';

it('the new sign-in SMS: its exact words, one GSM page', () => {
  const text = securitySms({ kind: 'newSignIn' }, AT);
  expect(text).toBe(TEXT);
  expect(text.length).toBeLessThanOrEqual(SMS_PAGE);
  expect(isGsm(text)).toBe(true);
});

describe.each(engines)('new sign-in on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterAll(() => kit.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  let n = 0;
  const customer = async (phone: string) => {
    const email = `device${++n}-${engine}@example.com`;
    const id = await insertCustomer(kit.app.ctx.dbh, kit.app.ctx.hasher, { email, phone });
    return { id, email };
  };

  /** Signs in, with the cookie header given: the answer's status and its device cookie. */
  const signIn = async (email: string, cookie?: string) => {
    const res = await kit.app.inject({
      method: 'POST',
      url: api.login.path,
      headers: cookie ? { cookie } : {},
      payload: { username: email, password: PASSWORD },
    });
    const set = res.headers['set-cookie'];
    const header = Array.isArray(set) ? set.join('\n') : (set ?? '');
    return { status: res.statusCode, header, cookie: /pb_device=([^;]+)/.exec(header)?.[1] };
  };

  const smsTo = (to: string) =>
    kit.app.ctx.db
      .selectFrom('sms_outbox')
      .select(['event_key', 'body', 'kind', 'status'])
      .where('to_number', '=', to)
      .orderBy('id')
      .execute();
  const mailsTo = (to: string) =>
    kit.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', to)
      .execute();

  it('the first sign-in sets a long-lived, HttpOnly device cookie and tells no one; the same device again tells no one', async () => {
    const { email } = await customer('08031250001');
    const first = await signIn(email);
    expect(first.status).toBe(200);
    expect(first.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.header).toContain('Path=/api/');
    expect(first.header).toContain('HttpOnly');
    expect(first.header).toContain('SameSite=Lax');
    expect(first.header).toContain('Max-Age=34560000');
    const again = await signIn(email, `other=1; pb_device=${first.cookie}`);
    expect(again.status).toBe(200);
    expect(again.cookie).toBe(first.cookie);
    expect(await smsTo('2348031250001')).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('a sign-in from a device not seen is told by SMS and e-mail; that device is then known', async () => {
    const { id, email } = await customer('08031250002');
    const { cookie } = await signIn(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(AT);
    const stranger = await signIn(email);
    expect(stranger.status).toBe(200);
    expect(stranger.cookie).toBeDefined();
    expect(stranger.cookie).not.toBe(cookie);
    expect(await smsTo('2348031250002')).toEqual([
      { event_key: `newSignIn:${id}:${AT}`, body: TEXT, kind: 'security', status: 'queued' },
    ]);
    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New sign-in to your account');
    expect(mail?.text_body).toContain(
      'Your account was signed in to from a new device on 2026-12-02 14:05 Lagos time (WAT, UTC+1), from the IP address 127.0.0.1.',
    );
    vi.setSystemTime(AT + 60_000);
    await signIn(email, `pb_device=${stranger.cookie}`);
    await signIn(email, `pb_device=${cookie}`);
    expect(await smsTo('2348031250002')).toHaveLength(1);
  });

  it('a forged cookie, or a device known to another account only, is a new device for this one', async () => {
    const a = await customer('08031250003');
    const b = await customer('08031250004');
    const { cookie } = await signIn(a.email);
    await signIn(b.email); // b's first device
    const shared = await signIn(b.email, `pb_device=${cookie}`);
    // The browser keeps its device cookie: now known to both accounts.
    expect(shared.cookie).toBe(cookie);
    const forged = await signIn(b.email, 'pb_device=not-a-device');
    expect(forged.cookie).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await smsTo('2348031250004')).map((r) => r.body.slice(0, 27))).toEqual([
      'New sign-in to your account',
      'New sign-in to your account',
    ]);
    expect(await smsTo('2348031250003')).toEqual([]);
  });

  it('is sent with every SMS choice off (security SMS cannot be turned off), and not for a wrong password', async () => {
    const { id, email } = await customer('08031250005');
    await kit.app.ctx.db
      .updateTable('users')
      .set({ purchase_sms: 0, alert_sms: 0, purchase_mail: 0, alert_mail: 0, money_mail: 0 })
      .where('id', '=', id)
      .execute();
    await signIn(email);
    const wrong = await kit.app.inject({
      method: 'POST',
      url: api.login.path,
      payload: { username: email, password: 'Wrong2026Pass' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expect(await smsTo('2348031250005')).toEqual([]);
    await signIn(email);
    expect((await smsTo('2348031250005')).map((r) => r.kind)).toEqual(['security']);
  });
});
