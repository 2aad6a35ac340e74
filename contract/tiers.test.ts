import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runs } from '../scripts/property-tests.ts';
import { CATALOGUE } from './catalogue';
import { MAX_KOBO } from './money';
import { openApiDocument } from './openapi';
import { airtimePrice, billPrice, dataPrice, electricityPrice } from './pricing';
import {
  DiscountPercent,
  maxTierBps,
  NO_DISCOUNTS,
  PROVIDER_COMMISSION_BPS,
  providerCost,
  TIER_MSG,
  TIER_PRODUCTS,
  tierBelowCost,
  tierBelowCostMessage,
  TierBody,
  tierDiscount,
  tierPrice,
  tierProductOf,
} from './tiers';

const offs = CATALOGUE.networks.map((n) => n.wallet_percent_off);

describe('tier prices (ADR 0027)', () => {
  it('takes the discount off the standard wallet price, rounded up for the customer', () => {
    // ₦1,234 MTN airtime: ₦1,209.32 standard; 2 % of it is ₦24.1864 → ₦24.19 off.
    const standard = airtimePrice(1_234_00, 2);
    expect(standard.total).toBe(1_209_32);
    const tiered = tierPrice('airtime', standard, { ...NO_DISCOUNTS, airtime: 200 });
    expect(tiered).toEqual({
      value: 1_234_00,
      fee: 0,
      discount: 24_68 + 24_19,
      total: 1_185_13,
    });
    expect(tierDiscount(1_209_32, 200)).toBe(24_19);
    // An exact discount is not rounded: 2 % of ₦1,000.
    expect(tierDiscount(1_000_00, 200)).toBe(20_00);
    // One kobo at 0.01 % is still one kobo off (rounded up).
    expect(tierDiscount(1, 1)).toBe(1);
  });

  it('the default tier and other products’ discounts leave the price as it was', () => {
    const p = billPrice(4_615_00, 100_00);
    expect(tierPrice('cabletv', p, NO_DISCOUNTS)).toBe(p);
    expect(tierPrice('cabletv', p, undefined)).toBe(p);
    expect(tierPrice('cabletv', p, { ...NO_DISCOUNTS, airtime: 200 })).toBe(p);
    // Fees are part of what is discounted: (₦4,615 + ₦100) × 1 % = ₦47.15.
    expect(tierPrice('cabletv', p, { ...NO_DISCOUNTS, cabletv: 100 }).total).toBe(4_667_85);
  });

  it('never prices below the provider’s cost, however large the discount', () => {
    // A ₦1,000 data plan costs us ₦970 (3 % commission).
    expect(providerCost('data', 1_000_00)).toBe(970_00);
    expect(tierPrice('data', dataPrice(1_000_00), { ...NO_DISCOUNTS, data: 10_000 }).total).toBe(
      970_00,
    );
    // Rounded in our favour: 3 % of 1,001 kobo is 30.03 kobo, the cost is 971 kobo.
    expect(providerCost('data', 1_001)).toBe(971);
    // Electricity: the fee is ours, the cost is the amount less 1 %.
    const e = electricityPrice(5_000_00, 1);
    expect(tierPrice('electricity', e, { ...NO_DISCOUNTS, electricity: 10_000 }).total).toBe(
      4_950_00,
    );
    // Never above the standard price either (airtime already below the cost stays as it is).
    const a = airtimePrice(1_000_00, 10);
    expect(tierPrice('airtime', a, { ...NO_DISCOUNTS, airtime: 100 }).total).toBe(a.total);
  });

  it('refuses a tier that would price below cost, naming the most allowed', () => {
    // 9MOBILE already takes 4 % off: (1 − 4 %)(1 − d) ≥ 1 − 6 % gives d ≤ 2.08 %.
    expect(maxTierBps('airtime', offs)).toBe(208);
    expect(maxTierBps('airtime', [2])).toBe(408);
    expect(maxTierBps('data', offs)).toBe(PROVIDER_COMMISSION_BPS.data);
    expect(tierBelowCost({ ...NO_DISCOUNTS, airtime: 200, data: 300 }, offs)).toBeNull();
    expect(tierBelowCost({ ...NO_DISCOUNTS, airtime: 209 }, offs)).toEqual({
      product: 'airtime',
      maxBps: 208,
      message: 'A tier cannot price Airtime below the provider’s cost: at most 2.08% off.',
    });
    expect(tierBelowCost({ ...NO_DISCOUNTS, cabletv: 151 }, offs)?.message).toBe(
      tierBelowCostMessage('cabletv', 150),
    );
    expect(tierBelowCostMessage('cabletv', 150)).toBe(
      'A tier cannot price Cable TV below the provider’s cost: at most 1.5% off.',
    );
  });

  it('maps purchase and coupon products to tier products', () => {
    expect(tierProductOf('Airtime')).toBe('airtime');
    expect(tierProductOf('DATA-NON-REGULAR')).toBe('data');
    expect(tierProductOf('CABLETV')).toBe('cabletv');
    expect(() => tierProductOf('Transfer')).toThrow(RangeError);
  });

  it('discounts are percent with at most 2 decimals on the wire, basis points inside', () => {
    expect(DiscountPercent.parse(2.5)).toBe(250);
    for (const bad of [-1, 100.01, 1.005, Number.NaN, '2']) {
      const r = DiscountPercent.safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(TIER_MSG.discount);
    }
    const body = { name: 'x'.repeat(41), discounts: NO_DISCOUNTS };
    expect(TierBody.safeParse(body).error?.issues[0]?.message).toBe(TIER_MSG.nameTooLong);
    expect(TierBody.safeParse({ ...body, name: ' ' }).error?.issues[0]?.message).toBe(
      TIER_MSG.nameRequired,
    );
  });
});

describe('tier endpoints in the OpenAPI document', () => {
  it('lists the customer and admin tier calls, discounts as percent numbers', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/user/tier']?.get).toBeDefined();
    expect(paths['/api/admin/tiers']?.get).toBeDefined();
    expect(paths['/api/admin/users/tier']?.post).toBeDefined();
    expect(paths['/api/admin/tiers/{id}']?.put).toBeDefined();
    type Schema = { type?: string; properties: Record<string, Schema> };
    const create = paths['/api/admin/tiers']?.post as {
      requestBody: { content: Record<string, { schema: Schema }> };
    };
    const body = create.requestBody.content['application/json']!.schema;
    expect(body.properties.name).toMatchObject({ type: 'string', maxLength: 40 });
    expect(body.properties.discounts!.properties.airtime).toMatchObject({
      type: 'number',
      minimum: 0,
      maximum: 100,
    });
  });
});

// ── Properties ────────────────────────────────────────────────────────────────

const kobo = fc.integer({ min: 0, max: MAX_KOBO });
const bps = fc.integer({ min: 0, max: 10_000 });
const product = fc.constantFrom(...TIER_PRODUCTS);
/** Exact ceil(amount × bps / 10000) in BigInt. */
const exactCeil = (amount: number, b: number) =>
  Number((BigInt(amount) * BigInt(b) + 9_999n) / 10_000n);

describe('tier price properties', () => {
  it('tierDiscount is the exact rounded-up discount for every contract amount', () => {
    fc.assert(
      fc.property(kobo, bps, (amount, b) => {
        expect(tierDiscount(amount, b)).toBe(exactCeil(amount, b));
      }),
      { numRuns: runs(2_000) },
    );
  });

  it('a tier price is an integer between the cost floor and the standard price; parts add up', () => {
    fc.assert(
      fc.property(
        product,
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        bps,
        (p, value, fee, b) => {
          const standard = { value, fee, discount: 0, total: value + fee };
          const r = tierPrice(p, standard, { ...NO_DISCOUNTS, [p]: b });
          expect(Number.isSafeInteger(r.total)).toBe(true);
          expect(r.total).toBeLessThanOrEqual(standard.total);
          expect(r.total).toBeGreaterThanOrEqual(providerCost(p, value));
          expect(r.total).toBe(r.value + r.fee - r.discount);
          expect(r.total).toBe(
            Math.max(standard.total - exactCeil(standard.total, b), providerCost(p, value)),
          );
        },
      ),
      { numRuns: runs(2_000) },
    );
  });

  // Each of the three roundings (network discount half up, tier discount up, cost up) moves
  // the price at most a kobo from the exact figure: the floor makes up at most two kobo.
  it('a discount the below-cost rule accepts needs the floor by at most two kobo of rounding', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.constantFrom(...offs),
        (amount, off) => {
          const d = maxTierBps('airtime', offs);
          const standard = airtimePrice(amount, off);
          const unclamped = standard.total - tierDiscount(standard.total, d);
          expect(unclamped).toBeGreaterThanOrEqual(providerCost('airtime', amount) - 2);
        },
      ),
      { numRuns: runs(2_000) },
    );
  });
});
