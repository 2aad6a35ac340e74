#!/usr/bin/env node
/**
 * A reseller's script (README "Reseller API"): against `npm start` in sandbox mode it
 * signs in as the demo customer (only to create a key, as one would in Settings), creates an
 * API key, starts a webhook receiver on 127.0.0.1, sets it as the webhook address, buys ₦100
 * airtime with the key and an X-Request-Id, waits for the signed webhook, checks its
 * signature and timestamp, and requeries the purchase by request id.
 *
 *   node scripts/reseller-demo.mjs [base URL, default http://127.0.0.1:3000]
 *
 * Exits 0 when the webhook arrived with a valid signature, 1 otherwise.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const BASE = (process.argv[2] || process.env.BASE_URL || 'http://127.0.0.1:3000').replace(
  /\/$/,
  '',
);
const TOLERANCE_SECONDS = 300;

async function call(method, path, { token, key, requestId, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['x-api-key'] = key;
  if (requestId) headers['x-request-id'] = requestId;
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.msg}`);
  return json;
}

/** The check a receiver makes: the signature of "<timestamp>.<raw body>" and a fresh timestamp. */
export function verify(rawBody, timestamp, signature, secret, nowSeconds = Date.now() / 1000) {
  if (
    !/^\d+$/.test(timestamp ?? '') ||
    Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS
  )
    return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  return (
    typeof signature === 'string' &&
    expected.length === signature.length &&
    timingSafeEqual(Buffer.from(expected), Buffer.from(signature))
  );
}

async function main() {
  const login = await call('POST', '/api/auth/login', {
    body: { username: 'demo@paybills.local', password: 'DemoPass2026' },
  });
  const created = await call('POST', '/api/user/api-keys', {
    token: login.JWTtoken,
    body: { name: `demo script ${new Date().toISOString()}` },
  });
  const { key, webhook_secret: secret } = created.message;
  console.log(`key ${key.slice(0, 12)}… created (shown once)`);

  let resolveHook;
  const arrived = new Promise((resolve) => (resolveHook = resolve));
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const ok = verify(
        raw,
        req.headers['x-paybills-timestamp'],
        req.headers['x-paybills-signature'],
        secret,
      );
      res.writeHead(ok ? 200 : 400).end();
      resolveHook({ ok, event: req.headers['x-paybills-event'], body: JSON.parse(raw) });
    });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  const hookUrl = `http://127.0.0.1:${receiver.address().port}/paybills-webhook`;
  await call('PUT', '/api/user/webhook', { token: login.JWTtoken, body: { url: hookUrl } });
  console.log(`webhook address ${hookUrl}`);

  const requestId = `order-${randomUUID()}`;
  const bought = await call('POST', '/api/transactions/airtime', {
    key,
    requestId,
    body: { pin: '123456', phone_number: '08031234567', amount: 100 },
  });
  console.log(`airtime ${bought.message.transaction_id}: ${bought.message.status}`);

  const timeout = setTimeout(() => resolveHook({ ok: false, event: 'none (timed out)' }), 30_000);
  const hook = await arrived;
  clearTimeout(timeout);
  receiver.close();
  console.log(`webhook ${hook.event}: signature ${hook.ok ? 'valid' : 'INVALID'}`);

  const again = await call('GET', `/api/transactions/requery?request_id=${requestId}`, { key });
  console.log(`requery by request id: ${again.message.status}`);
  process.exit(hook.ok ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
