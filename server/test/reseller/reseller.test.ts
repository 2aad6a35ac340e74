/**
 * The reseller API (ADR 0026): keys shown once and hashed at rest, revoked
 * keys refused, purchases with a key and X-Request-Id idempotent under parallel retries, the
 * requery by id or request id, each key's own rate limit, signed webhooks a receiver can
 * verify, retries with backoff after the receiver fails, the delivery log and replay, and the
 * OpenAPI document and docs page.
 */
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, RESELLER_MSG, SERVER_MSG, WEBHOOK_HEADERS } from '@contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keyHash } from '../../src/reseller/api-keys.ts';
import { runRequeryOnce } from '../../src/purchases/requery.ts';
import { retryDelay, runWebhooksOnce, WEBHOOK_RETRY_FOR_MS } from '../../src/reseller/webhooks.ts';
import { createKit, engines, JWT_SECRET, PIN, type Kit, type TestUser } from '../helper.ts';

/** MTN airtime ₦1,000 at 2 % off. */
const PRICE = 980_00;
const airtime = (ending = '5678') => ({ pin: PIN, phone_number: `0803123${ending}`, amount: 1000 });

interface Received {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A webhook receiver on 127.0.0.1: answers each request with the next status of `answers`. */
async function receiver(answers: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const status = answers.shift() ?? 200;
      if (status >= 300 && status < 400) res.setHeader('location', 'http://127.0.0.1:1/elsewhere');
      res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('reseller API on %s', (engine) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit(engine);
  });
  afterEach(async () => {
    expect(await kit.invariants()).toEqual([]);
  });
  afterAll(async () => kit.close());

  async function newKey(u: TestUser, body: Record<string, unknown> = { name: 'Shop till' }) {
    const res = await kit.call(api.createApiKey, { token: u.token, body });
    expect(res.status).toBe(200);
    return res.body.message as { id: string; key: string; webhook_secret: string };
  }
  const withKey = (key: string, requestId?: string) => ({
    headers: { 'x-api-key': key, ...(requestId ? { 'x-request-id': requestId } : {}) },
  });
  const deliveries = (userId: string) =>
    kit.app.ctx.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('event')
      .execute();

  it('a key is shown once, stored as a keyed hash, listed without it, and refused once revoked', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const created = await newKey(u);
    expect(created.key).toMatch(/^pbk_[A-Za-z0-9_-]{43}$/);
    expect(created.webhook_secret).toMatch(/^whsec_/);
    const row = await kit.app.ctx.db
      .selectFrom('api_keys')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(keyHash(JWT_SECRET, created.key));
    expect(JSON.stringify(row)).not.toContain(created.key.slice(12));
    const list = await kit.call(api.apiKeys, { token: u.token });
    expect(list.body.message).toEqual([
      expect.objectContaining({
        id: created.id,
        name: 'Shop till',
        prefix: created.key.slice(0, 12),
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect(JSON.stringify(list.body)).not.toContain(created.webhook_secret);

    const ok = await kit.call(api.airtime, { body: airtime(), ...withKey(created.key, 'r-1') });
    expect(ok.status).toBe(200);
    expect(ok.body.message.status).toBe('successful');
    const used = await kit.call(api.apiKeys, { token: u.token });
    expect(used.body.message[0].last_used_at).toBeGreaterThan(0);

    const revoked = await kit.call(api.revokeApiKey, {
      token: u.token,
      params: { id: created.id },
    });
    expect(revoked.body).toEqual({ message: RESELLER_MSG.keyRevoked });
    const refused = await kit.call(api.airtime, {
      body: airtime(),
      ...withKey(created.key, 'r-2'),
    });
    expect(refused).toEqual({
      status: 401,
      body: { type: 'unauthorized', msg: RESELLER_MSG.keyInvalid },
    });
    const unknown = await kit.call(api.airtime, {
      body: airtime(),
      ...withKey(`pbk_${'x'.repeat(43)}`, 'r-3'),
    });
    expect(unknown.status).toBe(401);
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);
  });

  it("another customer's key id cannot be revoked; a name is required and limited", async () => {
    const a = await kit.user();
    const b = await kit.user();
    const key = await newKey(a);
    const other = await kit.call(api.revokeApiKey, { token: b.token, params: { id: key.id } });
    expect(other).toEqual({
      status: 404,
      body: { type: 'not_found', msg: RESELLER_MSG.keyNotFound },
    });
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const bad = await kit.call(api.createApiKey, { token: a.token, body: { name } });
      expect(bad.body).toEqual({ type: 'validation_error', msg: RESELLER_MSG.keyName });
    }
    const rate = await kit.call(api.createApiKey, {
      token: a.token,
      body: { name: 'x', rate_limit: 601 },
    });
    expect(rate.body.msg).toBe(RESELLER_MSG.keyRate);
  });

  it('a purchase with a key needs X-Request-Id; other endpoints refuse keys; a blocked owner is 423', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u);
    const noId = await kit.call(api.airtime, { body: airtime(), ...withKey(key) });
    expect(noId).toEqual({
      status: 400,
      body: { type: 'validation_error', msg: RESELLER_MSG.requestIdRequired },
    });
    const share = await kit.call(api.apiKeys, withKey(key, 'x'));
    expect(share).toEqual({
      status: 401,
      body: { type: 'unauthorized', msg: RESELLER_MSG.keyNotAccepted },
    });
    expect(await kit.balance(u.id)).toBe(10_000_00);
    await kit.app.ctx.db
      .updateTable('users')
      .set({ is_blocked: 1 })
      .where('id', '=', u.id)
      .execute();
    const blocked = await kit.call(api.airtime, { body: airtime(), ...withKey(key, 'b-1') });
    expect(blocked).toEqual({
      status: 423,
      body: { type: 'blocked', msg: SERVER_MSG.accountBlocked },
    });
    expect(await kit.balance(u.id)).toBe(10_000_00);
  });

  it('20 parallel retries of one X-Request-Id with a key: one purchase, one debit, one answer', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const { key } = await newKey(u, { name: 'burst', rate_limit: 600 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.call(api.airtime, { body: airtime(), ...withKey(key, 'order-77') }),
      ),
    );
    const ids = new Set(answers.map((a) => a.body.message?.transaction_id));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(ids.size).toBe(1);
    const rows = await kit.app.ctx.db
      .selectFrom('transactions')
      .select(['id', 'api_key_id', 'client_request_id'])
      .where('user_id', '=', u.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_request_id: 'order-77' });
    expect(await kit.balance(u.id)).toBe(10_000_00 - PRICE);

    // The requery, by our id or the caller's request id (with the key or a session).
    const byId = await kit.call(api.requery, { query: { id: rows[0]!.id }, ...withKey(key) });
    expect(byId.body.message).toMatchObject({ transaction_id: rows[0]!.id, status: 'successful' });
    const byRequest = await kit.call(api.requery, {
      token: u.token,
      query: { request_id: 'order-77' },
    });
    expect(byRequest.body.message.transaction_id).toBe(rows[0]!.id);
    const stranger = await kit.user();
    const hidden = await kit.call(api.requery, {
      token: stranger.token,
      query: { id: rows[0]!.id },
    });
    expect(hidden).toEqual({
      status: 404,
      body: { type: 'not_found', msg: SERVER_MSG.transactionNotFound },
    });
    const both = await kit.call(api.requery, {
      token: u.token,
      query: { id: rows[0]!.id, request_id: 'order-77' },
    });
    expect(both.body).toEqual({ type: 'validation_error', msg: RESELLER_MSG.requeryBy });
  });

  it('each key has its own per-minute limit: past it 429, another key of the same customer still works', async () => {
    const u = await kit.user({ funds: 10_000_00 });
    const slow = await newKey(u, { name: 'slow', rate_limit: 2 });
    const other = await newKey(u, { name: 'other' });
    const q = (key: string) =>
      kit.call(api.requery, { query: { request_id: 'none' }, ...withKey(key) });
    expect((await q(slow.key)).status).toBe(404);
    expect((await q(slow.key)).status).toBe(404);
    const third = await q(slow.key);
    expect(third.status).toBe(429);
    expect(third.body.type).toBe('rate_limited');
    expect((await q(other.key)).status).toBe(404);
  });

  it('status changes are delivered signed; a receiver verifies the signature with the key secret', async () => {
    const hook = await receiver();
    try {
      const u = await kit.user({ funds: 10_000_00 });
      const { key, webhook_secret: secret, id: keyId } = await newKey(u);
      const set = await kit.call(api.setWebhook, { token: u.token, body: { url: hook.url } });
      expect(set.body).toEqual({ message: RESELLER_MSG.webhookSaved });
      const sold = await kit.call(api.airtime, { body: airtime(), ...withKey(key, 'sig-1') });
      // A failed sale ('0000' in the sandbox) is failed, then reversed: two events.
      const failed = await kit.call(api.airtime, {
        body: airtime('0000'),
        ...withKey(key, 'sig-2'),
      });
      // A purchase made in the app (no key) sends nothing.
      await kit.call(api.airtime, { token: u.token, body: airtime('1111') });
      const queued = await deliveries(u.id);
      expect(queued.map((d) => [d.transaction_id, d.event, d.api_key_id])).toEqual([
        [sold.body.message.transaction_id, 'transaction.successful', keyId],
        [failed.body.message.transaction_id, 'transaction.failed', keyId],
        [failed.body.message.transaction_id, 'transaction.reversed', keyId],
      ]);
      expect(await runWebhooksOnce(kit.app.ctx)).toBe(3);
      expect(hook.received).toHaveLength(3);
      const first = hook.received.find(
        (r) => r.headers[WEBHOOK_HEADERS.event.toLowerCase()] === 'transaction.successful',
      )!;
      const t = String(first.headers[WEBHOOK_HEADERS.timestamp.toLowerCase()]);
      const signature = String(first.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
      const expected = `v1=${createHmac('sha256', secret).update(`${t}.${first.body}`).digest('hex')}`;
      expect(signature).toBe(expected);
      expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(300);
      // A forged body does not match the signature.
      const forged = createHmac('sha256', secret)
        .update(`${t}.${first.body.replace('successful', 'failed')}`)
        .digest('hex');
      expect(signature).not.toBe(`v1=${forged}`);
      const payload = JSON.parse(first.body);
      expect(payload).toMatchObject({
        event: 'transaction.successful',
        data: {
          transaction_id: sold.body.message.transaction_id,
          request_id: 'sig-1',
          value: 1000,
        },
      });
      expect(first.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe('transaction.successful');
      const log = await kit.call(api.webhookDeliveries, { token: u.token });
      expect(log.body.total).toBe(3);
      expect(log.body.message.every((d: { status: string }) => d.status === 'delivered')).toBe(
        true,
      );
    } finally {
      await hook.close();
    }
  });

  it('a failing receiver is retried with backoff, then delivered; after a day it is given up; replay sends again', async () => {
    const hook = await receiver([500, 302]);
    try {
      const u = await kit.user({ funds: 10_000_00 });
      const { key } = await newKey(u);
      await kit.call(api.setWebhook, { token: u.token, body: { url: hook.url } });
      await kit.call(api.airtime, { body: airtime(), ...withKey(key, 'retry-1') });
      const start = Date.now();
      expect(await runWebhooksOnce(kit.app.ctx, { now: start })).toBe(0);
      let [row] = await deliveries(u.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
      expect(Number(row!.next_attempt_at)).toBe(start + retryDelay(1));
      // Not due yet: nothing is sent.
      expect(await runWebhooksOnce(kit.app.ctx, { now: start + 1000 })).toBe(0);
      expect(hook.received).toHaveLength(1);
      // A redirect is not followed: a failure too, retried later (1 min).
      expect(await runWebhooksOnce(kit.app.ctx, { now: start + retryDelay(1) })).toBe(0);
      [row] = await deliveries(u.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2, last_status: 302 });
      expect(
        await runWebhooksOnce(kit.app.ctx, { now: start + retryDelay(1) + retryDelay(2) }),
      ).toBe(1);
      [row] = await deliveries(u.id);
      expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status: 200 });
      expect(hook.received).toHaveLength(3);
      // The same body every time (fixed when the status changed).
      expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);

      // A receiver that stays down: given up a day after the change.
      hook.answers.push(...Array(40).fill(500));
      await kit.call(api.airtime, { body: airtime('5679'), ...withKey(key, 'retry-2') });
      let now = Date.now();
      for (let i = 0; i < 40; i++) {
        await runWebhooksOnce(kit.app.ctx, { now });
        const [, down] = await deliveries(u.id);
        if (down!.status !== 'pending') break;
        now = Number(down!.next_attempt_at);
      }
      const [, gaveUp] = await deliveries(u.id);
      expect(gaveUp).toMatchObject({ status: 'failed', last_status: 500, next_attempt_at: null });
      expect(now - Number(gaveUp!.created_at)).toBeLessThanOrEqual(WEBHOOK_RETRY_FOR_MS);
      expect(Number(gaveUp!.attempts)).toBeGreaterThan(10);

      // Replay from Settings: due again, delivered now the receiver answers.
      hook.answers.length = 0;
      const replay = await kit.call(api.replayDelivery, {
        token: u.token,
        params: { id: gaveUp!.id },
      });
      expect(replay.body).toEqual({ message: RESELLER_MSG.deliveryQueued });
      expect(await runWebhooksOnce(kit.app.ctx)).toBe(1);
      const stranger = await kit.user();
      const notYours = await kit.call(api.replayDelivery, {
        token: stranger.token,
        params: { id: gaveUp!.id },
      });
      expect(notYours.status).toBe(404);
    } finally {
      await hook.close();
    }
  });

  it('a purchase left pending sends its webhook when the requery settles it', async () => {
    const hook = await receiver();
    try {
      const u = await kit.user({ funds: 10_000_00 });
      const { key } = await newKey(u);
      await kit.call(api.setWebhook, { token: u.token, body: { url: hook.url } });
      // Sandbox: a phone ending 1111 stays pending until a requery says successful.
      const res = await kit.call(api.airtime, { body: airtime('1111'), ...withKey(key, 'p-1') });
      expect(res.body.message.status).toBe('pending');
      expect(await deliveries(u.id)).toHaveLength(0);
      await runRequeryOnce(kit.app.ctx, { now: Date.now() + 3_600_000 });
      const [row] = await deliveries(u.id);
      expect(row?.event).toBe('transaction.successful');
      expect(await runWebhooksOnce(kit.app.ctx)).toBe(1);
      expect(JSON.parse(hook.received[0]!.body).data).toMatchObject({ status: 'successful' });
    } finally {
      await hook.close();
    }
  });

  it('serves the OpenAPI 3.1 document of every contract endpoint, and a readable docs page', async () => {
    const res = await kit.call(api.openapi);
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    for (const e of Object.values(api)) {
      const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
      expect(res.body.paths[path]?.[e.method.toLowerCase()], `${e.method} ${e.path}`).toBeDefined();
    }
    const buy = res.body.paths['/api/transactions/airtime'].post;
    expect(buy.security).toEqual([{ session: [] }, { apiKey: [] }]);
    expect(buy.requestBody.content['application/json'].schema.properties.phone_number).toEqual({
      type: 'string',
      maxLength: 11,
    });
    expect(res.body.components.securitySchemes.apiKey).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'X-Api-Key',
    });
    const docs = await kit.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toContain('text/html');
    expect(docs.body).toContain('/api/transactions/airtime');
    expect(docs.body).toContain('X-PayBills-Signature');
    // Nothing loaded from another host, no script (the CSP allows neither).
    expect(docs.body).not.toMatch(/<script|<link|src=/i);
  });
});
