/**
 * The access-token check (ADR 0028): node:crypto's HMAC in place of jose's Web Crypto verify,
 * refusing everything jose's `jwtVerify(token, key, { algorithms: ['HS256'] })` refused.
 */
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from './tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret-0001';
const tokens = createTokenService(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWT with any header and claims, HMAC-SHA-256-signed with `secret`. */
function forge(header: unknown, claims: unknown, secret = SECRET) {
  const signed = `${part(header)}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

const valid = () => ({ sub: 'u1', sid: 's1', iat: now(), exp: now() + 60 });
const HS256 = { alg: 'HS256', typ: 'JWT' };

describe('access tokens', () => {
  it('accepts its own token: user, session and issue time', async () => {
    const token = await tokens.signAccess('u1', 's1');
    expect(tokens.verifyAccess(token)).toEqual({
      ok: true,
      userId: 'u1',
      sessionId: 's1',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(tokens.verifyAccess(await tokens.signAccess('u2'))).toMatchObject({
      ok: true,
      userId: 'u2',
      sessionId: undefined,
    });
    // A token made another way with the same key and claims (jose, as the tests' kit does).
    const byJose = await new SignJWT({ sid: 's9' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u9')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(SECRET));
    expect(tokens.verifyAccess(byJose)).toMatchObject({ ok: true, userId: 'u9', sessionId: 's9' });
    expect(tokens.verifyAccess(forge(HS256, valid()))).toMatchObject({ ok: true });
  });

  it('refuses a token signed with another key, or changed after signing', async () => {
    const invalid = { ok: false, reason: 'invalid' };
    expect(tokens.verifyAccess(forge(HS256, valid(), 'another-secret-another-secret'))).toEqual(
      invalid,
    );
    const [header, , signature] = (await tokens.signAccess('u1', 's1')).split('.');
    const otherUser = `${header}.${part({ ...valid(), sub: 'admin' })}.${signature}`;
    expect(tokens.verifyAccess(otherUser)).toEqual(invalid);
    const token = await tokens.signAccess('u1');
    expect(tokens.verifyAccess(`${token}x`)).toEqual(invalid);
    expect(tokens.verifyAccess(token.slice(0, -2))).toEqual(invalid);
    expect(tokens.verifyAccess(`${token}=`)).toEqual(invalid);
  });

  it('refuses alg none, any other algorithm, and critical extensions', () => {
    const invalid = { ok: false, reason: 'invalid' };
    const unsigned = `${part({ alg: 'none' })}.${part(valid())}.`;
    expect(tokens.verifyAccess(unsigned)).toEqual(invalid);
    expect(tokens.verifyAccess(unsigned.slice(0, -1))).toEqual(invalid);
    // Right key, right HMAC, but the header names another algorithm (or none).
    expect(tokens.verifyAccess(forge({ alg: 'none' }, valid()))).toEqual(invalid);
    expect(tokens.verifyAccess(forge({ alg: 'HS512' }, valid()))).toEqual(invalid);
    expect(tokens.verifyAccess(forge({ typ: 'JWT' }, valid()))).toEqual(invalid);
    expect(tokens.verifyAccess(forge({ alg: 'HS256', crit: ['exp'] }, valid()))).toEqual(invalid);
  });

  it('expired at its exp second; not yet valid before nbf', () => {
    const t = now();
    expect(tokens.verifyAccess(forge(HS256, { ...valid(), exp: t - 1 }))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(tokens.verifyAccess(forge(HS256, { ...valid(), exp: t }))).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(tokens.verifyAccess(forge(HS256, { ...valid(), nbf: t + 60 }))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(tokens.verifyAccess(forge(HS256, { ...valid(), nbf: t }))).toMatchObject({ ok: true });
  });

  it('refuses claims of the wrong shape', () => {
    const invalid = { ok: false, reason: 'invalid' };
    const bad = [
      { ...valid(), sub: 42 },
      { ...valid(), sub: undefined },
      { ...valid(), iat: '1700000000' },
      { ...valid(), iat: undefined },
      { ...valid(), exp: String(now() + 60) },
      { ...valid(), exp: undefined },
      { ...valid(), nbf: 'soon' },
      [valid()],
      'u1',
      null,
    ];
    for (const claims of bad) expect(tokens.verifyAccess(forge(HS256, claims))).toEqual(invalid);
    expect(tokens.verifyAccess(forge('HS256', valid()))).toEqual(invalid);
    for (const junk of ['', 'a.b', 'a.b.c.d', '..', 'a b.c.d', 'not a token at all']) {
      expect(tokens.verifyAccess(junk)).toEqual(invalid);
    }
  });

  describe('a token verified once', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('is refused as expired once its exp passes', async () => {
      vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z') });
      const token = await tokens.signAccess('u1', 's1');
      expect(tokens.verifyAccess(token)).toMatchObject({ ok: true, userId: 'u1' });
      vi.setSystemTime(new Date('2026-11-23T10:14:59Z'));
      expect(tokens.verifyAccess(token)).toMatchObject({ ok: true, userId: 'u1' });
      vi.setSystemTime(new Date('2026-11-23T10:15:00Z'));
      expect(tokens.verifyAccess(token)).toEqual({ ok: false, reason: 'expired' });
    });

    it('does not vouch for a changed copy of it, nor for another key', async () => {
      const token = await tokens.signAccess('u1', 's1');
      expect(tokens.verifyAccess(token)).toMatchObject({ ok: true });
      expect(tokens.verifyAccess(`${token}x`)).toEqual({ ok: false, reason: 'invalid' });
      const [header, , signature] = token.split('.');
      const otherUser = `${header}.${part({ ...valid(), sub: 'admin' })}.${signature}`;
      expect(tokens.verifyAccess(otherUser)).toEqual({ ok: false, reason: 'invalid' });
      const other = createTokenService('another-secret-another-secret-another-00');
      expect(other.verifyAccess(token)).toEqual({ ok: false, reason: 'invalid' });
    });
  });
});
