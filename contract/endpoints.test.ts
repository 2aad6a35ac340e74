import { describe, expect, it } from 'vitest';
import type { z } from './zod';
import { type Endpoint, PageQuery, pathFor, pathPattern } from './endpoint';
import { allEndpoints, api } from './endpoint-map';
import { CURRENT_USER_RECENT } from './entities';

/**
 * Spec §7, line by line, normalised under /api/ (the spec writes a few paths relatively:
 * auth/verify-reset-token, auth/reset-password, auth/verify-email, api/public/product/…).
 * With each call: the payload fields the spec names.
 */
const SPEC_CALLS: [call: string, payload: string[]][] = [
  ['POST /api/auth/login', ['username', 'password']],
  ['POST /api/auth/register', ['name', 'password', 'email', 'phone', 'referral_code']],
  ['POST /api/auth/logout', []],
  ['POST /api/auth/initiatereset', ['email']],
  ['POST /api/auth/verify-reset-token', ['token']],
  ['PUT /api/auth/reset-password', ['token', 'password']],
  ['PUT /api/auth/verify-email', ['token']],
  ['PUT /api/auth/create_secret_pin', ['pin']],
  ['GET /api/user', []],
  ['GET /api/user/all', []],
  ['GET /api/user/atgwallet', []],
  ['GET /api/user/vtwallet', []],
  ['PUT /api/user/changepassword', ['old_password', 'new_password']],
  ['PUT /api/user/resetpin', ['password', 'pin']],
  ['POST /api/user/block', ['id']],
  ['POST /api/user/unblock', ['id']],
  ['POST /api/transactions/airtime', ['pin', 'amount', 'phone_number', 'coupon_code']],
  [
    'POST /api/transactions/data',
    ['pin', 'plan_id', 'service_id', 'account_id', 'coupon_code', 'phone_number', 'network_id'],
  ],
  [
    'POST /api/transactions/cabletv',
    ['service_id', 'plan_id', 'pin', 'smart_card_number', 'coupon_code'],
  ],
  [
    'POST /api/transactions/electricity',
    ['service_id', 'pin', 'variation_code', 'amount', 'meter_number', 'coupon_code'],
  ],
  ['POST /api/transactions/education', ['service_id', 'plan_id', 'pin', 'coupon_code', 'quantity']],
  ['POST /api/transactions/share', ['amount', 'email', 'pin']],
  ['GET /api/transactions/all', []],
  ['DELETE /api/transactions/delete/:id', []],
  ['POST /api/transactions/reverse', ['userId', 'transactionId']],
  [
    'POST /api/coupon/buy',
    ['product', 'amount', 'unit', 'pin', 'service_id', 'plan_id', 'network_id'],
  ],
  ['POST /api/public/verify/coupon', ['coupon_code']],
  ['GET /api/payment/all', []],
  ['POST /api/payment/initiate', ['amount']],
  ['POST /api/payment/verify', ['status', 'tx_ref', 'transaction_id']],
  ['GET /api/product/all', []],
  ['PUT /api/product/edit', ['plan', 'name', 'plan_id', 'price']],
  ['GET /api/public/product/data/all', []],
  ['GET /api/public/product/cabletv/all', []],
  ['GET /api/public/product/electricity/all', []],
  ['GET /api/public/product/education/all', []],
  ['GET /api/public/product/network/all', []],
];

/** Calls the decisions add (refresh rotation, resend verification, webhook, dev mailbox, lookup). */
const DECISION_CALLS = [
  'POST /api/auth/refresh',
  'POST /api/auth/resend-verification',
  'POST /api/payment/webhook',
  'GET /api/dev/mail',
  'POST /api/transactions/verify-customer',
];

const key = (e: Endpoint) => `${e.method} ${e.path}`;
const byCall = new Map(allEndpoints.map((e) => [key(e), e]));

/** Top-level keys of an object schema (zod 4 objects and objects with refinements expose .shape). */
function bodyKeys(schema: z.ZodMiniType): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const def = (schema as unknown as { def?: { in?: z.ZodMiniType } }).def;
  return def?.in ? bodyKeys(def.in) : [];
}

describe('spec §7 calls', () => {
  it.each(SPEC_CALLS)('%s exists', (call) => {
    expect(byCall.has(call), `missing ${call}`).toBe(true);
  });

  it.each(SPEC_CALLS.filter(([, p]) => p.length > 0))(
    '%s takes the spec payload fields',
    (call, payload) => {
      const e = byCall.get(call);
      expect(e).toBeDefined();
      const keys = bodyKeys(e!.body);
      for (const field of payload) expect(keys, `${call} body lacks ${field}`).toContain(field);
    },
  );

  it.each(DECISION_CALLS)('%s exists (decisions)', (call) => {
    expect(byCall.has(call), `missing ${call}`).toBe(true);
  });

  it('no path is registered under a different method than the spec says', () => {
    for (const [call] of SPEC_CALLS) {
      const [method, path] = call.split(' ');
      const same = allEndpoints.filter((e) => e.path === path);
      expect(
        same.map((e) => e.method),
        path,
      ).toEqual([method]);
    }
  });

  it('every path is under /api/ and every call has a known access level', () => {
    for (const e of allEndpoints) {
      expect(e.path).toMatch(/^\/api\//);
      expect(['public', 'user', 'admin', 'provider', 'dev']).toContain(e.access);
    }
  });

  it('login is public; purchases need a user; admin actions need an admin', () => {
    expect(api.login.access).toBe('public');
    expect(api.airtime.access).toBe('user');
    for (const e of [
      api.users,
      api.transactions,
      api.blockUser,
      api.unblockUser,
      api.reverse,
      api.editProduct,
    ])
      expect(e.access, e.name).toBe('admin');
  });
});

describe('names and paths are unique', () => {
  it('names', () => {
    const names = allEndpoints.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });
  it('method + path', () => {
    const calls = allEndpoints.map(key);
    expect(new Set(calls).size).toBe(calls.length);
  });
  it('no two paths match the same URL', () => {
    for (const a of allEndpoints) {
      const url = pathFor(a.path, { id: 'abc123' });
      const matching = allEndpoints.filter(
        (b) => b.method === a.method && pathPattern(b.path).test(url),
      );
      expect(matching.map((e) => e.name)).toEqual([a.name]);
    }
  });
});

describe('history answers stay bounded (ADR 0020)', () => {
  const tx = {
    transaction_id: 't',
    user: 'a@example.com',
    user_id: 'u',
    date: 0,
    product: 'Airtime',
    value: 1,
    status: 'successful',
    direction: 'debit',
    amountCharged: 1,
    balance_before: 1,
    balance_after: 0,
  };
  const user = {
    id: 'u',
    name: 'A',
    email: 'a@example.com',
    phone: '08031234567',
    wallet_balance: 0,
    isAdmin: false,
    has_created_secret_pin: true,
    email_verified: true,
    referral_code: 'r',
    status: 'online',
    last_login: null,
    isBlocked: false,
    created_on: 0,
    coupons: [],
    transactions_count: 6,
    successful_total: 6,
  };

  it('GET /api/user carries at most the newest five transactions and coupons', () => {
    const answer = (n: number) => ({ message: { ...user, transactions: Array(n).fill(tx) } });
    expect(api.currentUser.response.safeParse(answer(CURRENT_USER_RECENT)).success).toBe(true);
    expect(api.currentUser.response.safeParse(answer(CURRENT_USER_RECENT + 1)).success).toBe(false);
  });

  it('every list of transactions or coupons is paged, at most 100 a page', () => {
    const coupon = {
      coupon_code: 'C',
      meta_data: { product: 'AIRTIME', name: '₦200 Airtime', amount: 200 },
      isValid: true,
      issued_at: 0,
      expires_at: 1,
    };
    const messageOf = (e: Endpoint) =>
      (e.response as unknown as { shape?: { message?: z.ZodMiniType } }).shape?.message;
    const lists = allEndpoints.filter((e) => {
      const message = messageOf(e);
      return (
        e.method === 'GET' &&
        (message?.safeParse([tx]).success ||
          // An admin's row also lists its masked secrets (ADR 0071).
          message?.safeParse([{ ...tx, secrets: [] }]).success ||
          message?.safeParse([coupon]).success)
      );
    });
    expect(lists.map((e) => e.name).sort()).toEqual(
      ['transactions.all', 'user.coupons', 'user.transactions'].sort(),
    );
    for (const e of lists) {
      // The paged shape (page, pages, total required) and a bounded `limit`.
      expect(e.response.safeParse({ message: [] }).success, e.name).toBe(false);
      expect(
        e.response.safeParse({ message: [], page: 1, pages: 1, total: 0 }).success,
        e.name,
      ).toBe(true);
      expect(e.query.safeParse({ limit: '101' }).success, e.name).toBe(false);
      expect(e.query.parse({})).toMatchObject({ page: 1, limit: 5 });
    }
  });
});

describe('admin lists are paged: { message: items, page, pages, total }', () => {
  const lists = [api.users, api.transactions, api.payments, api.myTransactions];

  it.each(lists.map((e) => [e.path, e] as const))('%s answers the paged shape', (_, e) => {
    const ok = e.response.safeParse({ message: [], page: 1, pages: 1, total: 0 });
    expect(ok.success).toBe(true);
    expect(e.response.safeParse({ message: [] }).success).toBe(false);
    expect(e.response.safeParse({ message: [], page: 0, pages: 1, total: 0 }).success).toBe(false);
    expect(e.response.safeParse({ message: [], page: 1, pages: 1, total: -1 }).success).toBe(false);
  });

  it.each(lists.map((e) => [e.path, e] as const))(
    '%s takes ?page&limit&q, default page 1 of 5',
    (_, e) => {
      expect(e.query.parse({})).toMatchObject({ page: 1, limit: 5 });
      expect(e.query.parse({ page: '3', limit: '10', q: ' ada@example.com ' })).toMatchObject({
        page: 3,
        limit: 10,
        q: 'ada@example.com',
      });
      expect(e.query.safeParse({ page: '0' }).success).toBe(false);
      expect(e.query.safeParse({ limit: '1000' }).success).toBe(false);
    },
  );

  it('PageQuery default limit is the spec page size', () => {
    expect(PageQuery.parse({}).limit).toBe(5);
  });
});

describe('pathFor', () => {
  it('fills and encodes parameters', () => {
    expect(pathFor('/api/transactions/delete/:id', { id: 'abc123' })).toBe(
      '/api/transactions/delete/abc123',
    );
    expect(pathFor('/api/transactions/delete/:id', { id: 'a b/c?d#e' })).toBe(
      '/api/transactions/delete/a%20b%2Fc%3Fd%23e',
    );
    expect(pathFor('/api/x/:a/y/:b_c', { a: '1', b_c: 'ü' })).toBe('/api/x/1/y/%C3%BC');
  });
  it('leaves a path without parameters alone', () => {
    expect(pathFor('/api/user/all')).toBe('/api/user/all');
  });
  it('throws when a parameter is missing', () => {
    expect(() => pathFor('/api/transactions/delete/:id')).toThrow(/id/);
    expect(() => pathFor('/api/transactions/delete/:id', { other: 'x' })).toThrow(/id/);
  });
});

describe('pathPattern', () => {
  const del = pathPattern(api.deleteTransaction.path);

  it('matches its own paths, one segment per parameter', () => {
    expect(del.test('/api/transactions/delete/abc123')).toBe(true);
    expect(del.test(pathFor(api.deleteTransaction.path, { id: 'a b/c' }))).toBe(true);
    expect('/api/transactions/delete/abc123'.match(del)?.[1]).toBe('abc123');
  });

  it.each([
    '/api/transactions/delete/',
    '/api/transactions/delete',
    '/api/transactions/delete/a/b',
    '/api/transactions/delete/abc/',
    '/x/api/transactions/delete/abc',
    '/api/transactions/deleteabc',
  ])('does not match %s', (url) => {
    expect(del.test(url)).toBe(false);
  });

  it('is anchored and escapes regex characters', () => {
    expect(pathPattern('/api/user').test('/api/user/all')).toBe(false);
    expect(pathPattern('/api/user').test('/api/user')).toBe(true);
    expect(pathPattern('/api/a.b').test('/api/axb')).toBe(false);
    expect(
      pathPattern('/api/public/product/data/all').test('/api/public/product/data/all?x=1'),
    ).toBe(false);
  });
});
