/**
 * The sandbox's provider switch page (ADR 0052), on SQLite and PostgreSQL: it
 * shows what each simulator's next purchase calls meet and each breaker; its form queues a
 * refusal, a time-out or a slow answer, or clears them, and a real purchase then fails over;
 * a post without the page's token, or from another site, changes nothing; bad input is told;
 * live mode serves no such page. Its Termii section (ADR 0082) makes the SMS simulator's next
 * send calls fail with a 5xx (the outbox sends the message later), be refused or never answer.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_COOKIE, SANDBOX_PROVIDERS_PATH } from '../../src/providers/routes/sandbox/providers.ts';
import { pollFloats } from '../../src/providers/failover.ts';
import { enqueueSms, retryDelayMs, smsPass } from '../../src/notifications/sms.ts';
import { adminLogin, createKit, engines, LIVE_ENV, PIN, type Kit } from '../helper.ts';

const form = 'application/x-www-form-urlencoded';

describe.each(engines)('sandbox providers page on %s', (engine) => {
  let kit: Kit;
  let admin: string;
  beforeAll(async () => {
    kit = await createKit(engine);
    admin = await adminLogin(kit);
  });
  afterAll(() => kit.close());

  /** Opens the page as a browser does: its cookie and the form's token. */
  const open = async () => {
    const res = await kit.app.inject({ url: SANDBOX_PROVIDERS_PATH });
    expect(res.statusCode).toBe(200);
    const cookie = String(res.headers['set-cookie']);
    const token = /name="csrf" value="([^"]+)"/.exec(res.body)?.[1] as string;
    return { res, cookie: cookie.split(';')[0] as string, token, setCookie: cookie };
  };
  const post = async (
    fields: Record<string, string>,
    o: { cookie?: string; headers?: Record<string, string> } = {},
  ) =>
    kit.app.inject({
      method: 'POST',
      url: SANDBOX_PROVIDERS_PATH,
      headers: {
        'content-type': form,
        ...(o.cookie ? { cookie: o.cookie } : {}),
        ...o.headers,
      },
      payload: new URLSearchParams(fields).toString(),
    });
  const stateOf = (body: string, provider: string) =>
    new RegExp(`data-testid="state-${provider}">([^<]*)<`).exec(body)?.[1];
  const queued = (provider: 'vtpass' | 'flutterwave') =>
    provider === 'vtpass'
      ? kit.app.ctx.providers.simulators.vtpass.faults.queued('pay')
      : kit.app.ctx.providers.simulators.bills.faults.queued('payment');

  it('shows each provider answering as usual, with a token bound to a strict cookie', async () => {
    const { res, token, setCookie } = await open();
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(setCookie).toMatch(
      new RegExp(
        `^${CSRF_COOKIE}=[A-Za-z0-9_-]{43}; Path=/sandbox/providers; HttpOnly; SameSite=Strict`,
      ),
    );
    expect(setCookie).toContain(`${CSRF_COOKIE}=${token};`);
    expect(stateOf(res.body, 'vtpass')).toBe('Its purchase calls are answered as usual.');
    expect(stateOf(res.body, 'flutterwave')).toBe('Its purchase calls are answered as usual.');
    expect(res.body).toContain('Failover: in use.');
    for (const label of ['Refuse', 'Time out', 'Slow', 'Clear'])
      expect(res.body).toContain(`>${label}</button>`);
    // No script: the CSP's script-src 'self' would refuse an inline one anyway.
    expect(res.body).not.toContain('<script');
  });

  it('refuses a post without the page token, or from another site, and queues nothing', async () => {
    const { cookie, token } = await open();
    const fields = { csrf: token, provider: 'vtpass', fault: 'refuse', count: '3', seconds: '10' };
    // No cookie (another site's form: SameSite=Strict keeps it from being sent).
    expect((await post(fields)).statusCode).toBe(403);
    // A cookie but another token.
    expect((await post({ ...fields, csrf: 'x'.repeat(43) }, { cookie })).statusCode).toBe(403);
    expect((await post({ ...fields, csrf: '' }, { cookie })).statusCode).toBe(403);
    // The right pair, but the browser says the form came from elsewhere.
    const evil = await post(fields, { cookie, headers: { origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    const cross = await post(fields, { cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    expect(queued('vtpass')).toEqual([]);
  });

  it('takes a post from its own page in a browser, which sends Origin: null under no-referrer', async () => {
    // The app answers Referrer-Policy: no-referrer, so Chromium sends `Origin: null` with the
    // page's own form post; Sec-Fetch-Site still says same-origin, and the token is the page's.
    const { cookie, token } = await open();
    const res = await post(
      { csrf: token, provider: 'vtpass', fault: 'refuse', count: '1', seconds: '10' },
      { cookie, headers: { origin: 'null', 'sec-fetch-site': 'same-origin' } },
    );
    expect(res.statusCode).toBe(200);
    expect(queued('vtpass')).toHaveLength(1);
    // Origin: null with no Sec-Fetch-Site to vouch for it (an opaque origin elsewhere) is refused.
    const opaque = await post(
      { csrf: token, provider: 'vtpass', fault: 'refuse', count: '1', seconds: '10' },
      { cookie, headers: { origin: 'null' } },
    );
    expect(opaque.statusCode).toBe(403);
    kit.app.ctx.providers.simulators.vtpass.faults.clear();
  });

  it('Refuse: the next purchase calls are refused, shown, and a purchase fails over', async () => {
    const { cookie, token } = await open();
    const res = await post(
      { csrf: token, provider: 'vtpass', fault: 'refuse', count: '2', seconds: '10' },
      { cookie, headers: { origin: 'http://localhost:80', host: 'localhost:80' } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('VTpass: the next 2 purchase calls will be refused.');
    expect(stateOf(res.body, 'vtpass')).toBe(
      'Its next purchase calls: 2 refused; after them it answers as usual.',
    );
    expect(stateOf(res.body, 'flutterwave')).toBe('Its purchase calls are answered as usual.');

    // A real purchase: VTpass refuses, Flutterwave (next in the order) delivers.
    const order = await kit.call(api.setProviderRoute, {
      token: admin,
      body: { key: 'airtime', providers: ['vtpass', 'flutterwave'] },
    });
    expect(order.status).toBe(200);
    const user = await kit.user({ funds: 5_000_00 });
    const bought = await kit.call(api.airtime, {
      token: user.token,
      body: { pin: PIN, phone_number: '08031234567', amount: 1000 },
    });
    expect(bought.status).toBe(200);
    const row = await kit.app.ctx.db
      .selectFrom('transactions')
      .select(['status', 'provider'])
      .where('id', '=', bought.body.message.transaction_id as string)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'successful', provider: 'sandbox-flutterwave' });
    const after = await open();
    expect(stateOf(after.res.body, 'vtpass')).toBe(
      'Its next purchase calls: 1 refused; after them it answers as usual.',
    );
    expect(after.res.body).toContain('Failover: in use (1 refused or unanswered in a row).');
  });

  it('Time out and Slow queue in order after what is there; Clear drops them all', async () => {
    const { cookie, token } = await open();
    const send = (fields: Record<string, string>) =>
      post(
        { csrf: token, provider: 'flutterwave', count: '1', seconds: '10', ...fields },
        { cookie },
      );
    const timeout = await send({ fault: 'timeout' });
    expect(timeout.statusCode).toBe(200);
    expect(timeout.body).toContain('Flutterwave: the next purchase call will be never answered.');
    const slow = await send({ fault: 'slow', count: '3', seconds: '7' });
    expect(slow.body).toContain(
      'Flutterwave: the next 3 purchase calls will be answered after 7 s (4 faults queued in all).',
    );
    expect(stateOf(slow.body, 'flutterwave')).toBe(
      'Its next purchase calls: 1 never answered (time-out), then 3 answered after 7 s; after them it answers as usual.',
    );
    expect(queued('flutterwave')).toEqual([
      { kind: 'hang' },
      { kind: 'slow', ms: 7000 },
      { kind: 'slow', ms: 7000 },
      { kind: 'slow', ms: 7000 },
    ]);
    const cleared = await send({ fault: 'clear', count: '' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).toContain(
      'Flutterwave: cleared; its purchase calls are answered as usual.',
    );
    expect(stateOf(cleared.body, 'flutterwave')).toBe('Its purchase calls are answered as usual.');
    expect(queued('flutterwave')).toEqual([]);
    // What the API queued shows on the page too, and the page clears it.
    await kit.call(api.devProviderFault, {
      body: { provider: 'vtpass', fault: 'timeout', count: 2 },
    });
    expect(stateOf((await open()).res.body, 'vtpass')).toContain(
      '1 refused, then 2 never answered',
    );
    await post({ csrf: token, provider: 'vtpass', fault: 'clear', count: '1' }, { cookie });
    expect(queued('vtpass')).toEqual([]);
  });

  it('tells what is wrong with the input and queues nothing', async () => {
    const { cookie, token } = await open();
    const cases: [Record<string, string>, string][] = [
      [
        { provider: 'paystack', fault: 'refuse', count: '1' },
        'Choose VTpass, Flutterwave or Termii.',
      ],
      [
        { provider: 'vtpass', fault: 'explode', count: '1' },
        'Choose Refuse, Time out, Slow or Clear.',
      ],
      [
        { provider: 'vtpass', fault: 'refuse', count: '0' },
        'Enter how many purchase calls, from 1 to 50.',
      ],
      [
        { provider: 'vtpass', fault: 'refuse', count: '51' },
        'Enter how many purchase calls, from 1 to 50.',
      ],
      [
        { provider: 'vtpass', fault: 'refuse', count: '1.5' },
        'Enter how many purchase calls, from 1 to 50.',
      ],
      [
        { provider: 'vtpass', fault: 'slow', count: '1', seconds: '0' },
        'Enter the seconds, from 1 to 300.',
      ],
      [
        { provider: 'vtpass', fault: 'slow', count: '1', seconds: '301' },
        'Enter the seconds, from 1 to 300.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await post({ csrf: token, ...fields }, { cookie });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(queued('vtpass')).toEqual([]);
  });

  it('Termii, Fail (HTTP 500): the next send fails, and the SMS outbox sends it later', async () => {
    const { db, providers } = kit.app.ctx;
    const t0 = 1_900_000_000_000;
    // What the purchases above queued goes out first, before any fault is queued.
    while ((await smsPass(db, providers.sms, { now: () => t0 - 1 })) > 0);
    const { res: first, cookie, token } = await open();
    expect(stateOf(first.body, 'termii')).toBe('Its send calls are answered as usual.');
    for (const label of ['Fail (HTTP 500)', 'Refuse', 'Time out', 'Clear'])
      expect(first.body).toContain(`>${label}</button>`);
    const res = await post(
      { csrf: token, provider: 'termii', fault: 'error', count: '1' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Termii: the next send call will fail with HTTP 500.');
    expect(stateOf(res.body, 'termii')).toBe(
      'Its next send calls: 1 failed with HTTP 500 (tried again later); after them it answers as usual.',
    );

    await enqueueSms(
      db,
      { key: 'sandbox:5xx', phone: '08031230011', text: 'Your refund is back' },
      t0,
    );
    const row = async () =>
      db
        .selectFrom('sms_outbox')
        .select(['status', 'attempts', 'last_error', 'next_attempt_at'])
        .where('event_key', '=', 'sandbox:5xx')
        .executeTakeFirstOrThrow();
    await smsPass(db, providers.sms, { now: () => t0 });
    expect(await row()).toMatchObject({
      status: 'queued',
      attempts: 1,
      last_error: 'Termii HTTP 500: Internal Server Error',
    });
    expect(Number((await row()).next_attempt_at)).toBe(t0 + retryDelayMs(1));
    expect(await providers.simulators.termii.received('2348031230011')).toEqual([]);
    // Later, the simulator answering as usual again: sent, once.
    await smsPass(db, providers.sms, { now: () => t0 + retryDelayMs(1) });
    expect(await row()).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await providers.simulators.termii.received('2348031230011')).map((m) => m.sms)).toEqual(
      ['Your refund is back'],
    );
    expect(stateOf((await open()).res.body, 'termii')).toBe(
      'Its send calls are answered as usual.',
    );
  });

  it('Termii, Refuse and Time out queue in order, Clear drops them; bad input is told', async () => {
    const { cookie, token } = await open();
    await post({ csrf: token, provider: 'termii', fault: 'refuse', count: '2' }, { cookie });
    const res = await post(
      { csrf: token, provider: 'termii', fault: 'timeout', count: '1' },
      { cookie },
    );
    expect(res.body).toContain(
      'Termii: the next send call will never be answered (3 faults queued in all).',
    );
    expect(stateOf(res.body, 'termii')).toBe(
      'Its next send calls: 2 refused (not sent again), then 1 never answered (time-out, tried again later); after them it answers as usual.',
    );
    for (const [fields, message] of [
      [
        { provider: 'termii', fault: 'slow', count: '1' },
        'Choose Fail (HTTP 500), Refuse, Time out or Clear.',
      ],
      [
        { provider: 'termii', fault: 'error', count: '0' },
        'Enter how many send calls, from 1 to 50.',
      ],
    ] as const) {
      const bad = await post({ csrf: token, ...fields }, { cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(message);
    }
    expect(kit.app.ctx.providers.simulators.termii.faults.queued('send')).toHaveLength(3);
    const cleared = await post(
      { csrf: token, provider: 'termii', fault: 'clear', count: '1' },
      { cookie },
    );
    expect(cleared.body).toContain('Termii: cleared; its send calls are answered as usual.');
    expect(kit.app.ctx.providers.simulators.termii.faults.queued('send')).toEqual([]);
    // The purchase simulators' switches are untouched.
    expect(queued('vtpass')).toEqual([]);
  });

  it('Termii, Balance unreachable: the next balance calls fail with HTTP 500, and the float poll shows why (ADR 0086)', async () => {
    const { res: first, cookie, token } = await open();
    expect(first.body).toContain('>Balance unreachable (HTTP 500)</button>');
    const res = await post(
      { csrf: token, provider: 'termii', fault: 'balance', count: '1' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      'Termii: the next balance call will fail with HTTP 500; the overview shows the poll&#39;s error.',
    );
    const termii = kit.app.ctx.providers.simulators.termii;
    expect(termii.faults.queued('balance')).toHaveLength(1);
    // Send calls are untouched.
    expect(termii.faults.queued('send')).toEqual([]);
    await pollFloats(kit.app.ctx);
    const row = await kit.app.ctx.db
      .selectFrom('provider_floats')
      .select('poll_error')
      .where('provider', '=', 'termii')
      .executeTakeFirstOrThrow();
    expect(row.poll_error).toBe('sandbox-termii: balance failed (HTTP 500)');
  });
});

describe.each(engines)('live mode on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine, { env: LIVE_ENV });
  });
  afterAll(() => kit.close());

  it('serves no provider switch page', async () => {
    expect(kit.app.ctx.mode).toBe('live');
    expect((await kit.app.inject({ url: SANDBOX_PROVIDERS_PATH })).statusCode).toBe(404);
    const res = await kit.app.inject({
      method: 'POST',
      url: SANDBOX_PROVIDERS_PATH,
      headers: { 'content-type': form },
      payload: 'provider=vtpass&fault=refuse&count=1',
    });
    expect(res.statusCode).toBe(404);
  });
});
