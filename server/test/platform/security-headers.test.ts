/**
 * Every answer carries the same security headers (helmet's, ADR 0028: worked out once at start
 * instead of per request): signed-in reads, public reads, refusals, unknown paths. HSTS only
 * where the public address is https.
 */
import { api } from '@contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKit, type Kit } from '../helper.ts';

const HEADERS = {
  'content-security-policy':
    "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;font-src 'self' data:;connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  let kit: Kit;
  let https: Kit;
  beforeAll(async () => {
    kit = await createKit('sqlite');
    https = await createKit('sqlite', { env: { PUBLIC_URL: 'https://pay.example.ng' } });
  });
  afterAll(async () => {
    await kit.close();
    await https.close();
  });

  it('on a signed-in read, a public read, a 401, a 400 and an unknown path', async () => {
    const u = await kit.user();
    const answers = [
      await kit.app.inject({
        url: api.currentUser.path,
        headers: { authorization: `Bearer ${u.token}` },
      }),
      await kit.app.inject({ url: '/api/public/product/network/all' }),
      await kit.app.inject({ url: api.currentUser.path }),
      await kit.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        payload: '{bad json',
      }),
      await kit.app.inject({ url: '/api/nothing-here' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 400, 404]);
    for (const answer of answers) {
      expect(answer.headers).toMatchObject(HEADERS);
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      expect(answer.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('HSTS once the public address is https', async () => {
    const answer = await https.app.inject({ url: '/api/public/product/network/all' });
    expect(answer.headers).toMatchObject({
      ...HEADERS,
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
  });
});
