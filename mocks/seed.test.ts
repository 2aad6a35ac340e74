import {
  CatalogueSchema,
  CouponSchema,
  NAIRA,
  PAYMENT_STATUSES,
  PaymentSchema,
  PRODUCTS,
  TRANSACTION_STATUSES,
  TransactionSchema,
  UserSchema,
} from '@contract';
import { CATALOGUE } from '@contract/catalogue';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SEED_NOW } from './clock';
import { db, resetDb } from './db';
import { SEED_COUPONS } from './fixtures/history';
import { DEMO_CUSTOMER } from './fixtures/users';
import { toCoupon, toPayment, toTransaction, toUser } from './services/views';

describe('seed catalogue (contract/catalogue.ts)', () => {
  it('is a valid catalogue on the wire', () => {
    const wire = z.encode(CatalogueSchema, CATALOGUE);
    expect(CatalogueSchema.parse(wire)).toEqual(CATALOGUE);
  });

  it('has the four networks, six data providers, four TV providers, 24 DisCo variations, 3 exams', () => {
    expect(CATALOGUE.networks.map((n) => n.service_id)).toEqual([
      'mtn',
      'glo',
      'airtel',
      'etisalat',
    ]);
    expect(CATALOGUE.data.map((d) => d.service_id)).toEqual([
      'mtn-data',
      'glo-data',
      'airtel-data',
      'etisalat-data',
      'spectranet',
      'smile-direct',
    ]);
    expect(CATALOGUE.cabletv.map((c) => c.service_id)).toEqual([
      'dstv',
      'gotv',
      'startimes',
      'showmax',
    ]);
    expect(CATALOGUE.electricity).toHaveLength(24);
    expect(CATALOGUE.education.map((e) => e.service_id)).toEqual([
      'waec',
      'waec-registration',
      'jamb',
    ]);
  });

  it('gives every plan a unique id and every phone data plan a known network', () => {
    const ids = [
      ...CATALOGUE.data.flatMap((v) => v.plans.map((p) => p.id)),
      ...CATALOGUE.cabletv.flatMap((v) => v.plans.map((p) => p.id)),
      ...CATALOGUE.education.flatMap((v) => v.plans.map((p) => p.id)),
      ...CATALOGUE.electricity.map((v) => v.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    const networks = new Set(CATALOGUE.networks.map((n) => n.id));
    for (const variation of CATALOGUE.data) {
      expect(networks.has(variation.network_id)).toBe(!variation.requires_account_id);
      // VTpass lists three Smile plans on its page (ADR 0044); the phone networks many more.
      expect(variation.plans.length).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps the exact MultiChoice prices of docs/domain.md', () => {
    const price = (id: string) =>
      CATALOGUE.cabletv.flatMap((v) => v.plans).find((p) => p.id === id)?.price;
    expect(price('dstv-padi')).toBe(4_400 * NAIRA);
    expect(price('dstv-premium')).toBe(44_500 * NAIRA);
    expect(price('gotv-smallie')).toBe(1_900 * NAIRA);
    expect(price('gotv-supa-plus')).toBe(16_800 * NAIRA);
  });
});

describe('seed data', () => {
  it('encodes through the contract', () => {
    for (const u of db.users) z.encode(UserSchema, toUser(u));
    for (const t of db.transactions) z.encode(TransactionSchema, toTransaction(t));
    for (const p of db.payments) z.encode(PaymentSchema, toPayment(p));
    for (const c of db.coupons) z.encode(CouponSchema, toCoupon(c));
  });

  it('has the demo customer with ₦25,000 and a pin', () => {
    const demo = db.users.find((u) => u.email === DEMO_CUSTOMER.email);
    expect(demo?.wallet_balance).toBe(25_000 * NAIRA);
    expect(demo?.pin).toBe(DEMO_CUSTOMER.pin);
    expect(db.users.length).toBeGreaterThanOrEqual(30);
  });

  it('covers every product, transaction status and payment status', () => {
    // Funding, Commission and Adjustment name statement lines, never a transaction (ADR 0045).
    // The mocks keep withdrawals in their own store (fixtures/withdrawals.ts), not as seeded
    // transactions: the statement (services/statement.ts) makes History lines of them.
    const statementOnly: readonly string[] = ['Funding', 'Commission', 'Adjustment', 'Withdrawal'];
    expect(new Set(db.transactions.map((t) => t.product))).toEqual(
      new Set(PRODUCTS.filter((p) => !statementOnly.includes(p))),
    );
    expect(new Set(db.transactions.map((t) => t.status))).toEqual(new Set(TRANSACTION_STATUSES));
    expect(new Set(db.payments.map((p) => p.status))).toEqual(new Set(PAYMENT_STATUSES));
    expect(
      db.transactions.some(
        (t) => t.product === 'Electricity' && t.token && t.units && t.exchangeReference,
      ),
    ).toBe(true);
    expect(db.transactions.some((t) => t.product === 'Education' && t.purchased_code)).toBe(true);
    expect(db.transactions.some((t) => t.product === 'Transfer' && t.direction === 'credit')).toBe(
      true,
    );
    expect(db.transactions.every((t) => t.date <= SEED_NOW)).toBe(true);
  });

  it('has coupons valid, used and expired, each ending with its product', () => {
    const at = (code: string) => db.coupons.find((c) => c.coupon_code === code);
    expect(at(SEED_COUPONS.airtime)?.isValid).toBe(true);
    expect(at(SEED_COUPONS.airtimeUsed)?.isValid).toBe(false);
    expect(at(SEED_COUPONS.cableExpired)?.expires_at).toBeLessThan(SEED_NOW);
    for (const c of db.coupons)
      expect(c.coupon_code.endsWith(`-${c.meta_data.product}`)).toBe(true);
  });

  it('keeps balances consistent: each row moves exactly what it charged, never below zero', () => {
    for (const row of db.transactions) {
      expect(row.balance_before).toBeGreaterThanOrEqual(0);
      expect(row.balance_after).toBeGreaterThanOrEqual(0);
      const moved = row.direction === 'credit' ? row.value : 0 - row.amountCharged;
      expect(row.balance_after - row.balance_before).toBe(row.status === 'cancelled' ? 0 : moved);
    }
  });

  it('is deterministic: a reset gives the same data', () => {
    const snapshot = JSON.stringify({
      u: db.users,
      t: db.transactions,
      p: db.payments,
      c: db.coupons,
    });
    db.users[0]!.wallet_balance = 1;
    resetDb();
    expect(JSON.stringify({ u: db.users, t: db.transactions, p: db.payments, c: db.coupons })).toBe(
      snapshot,
    );
  });
});
