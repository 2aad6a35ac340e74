import { api, SERVER_MSG } from '@contract';
import { afterAll, describe, expect, it, vi } from 'vitest';

// The machine's calendar is years past the seed before any mock module loads: the mock world
// must still live on the seed's dates (its 90-day coupons expired under the stories and tests
// in January 2027 while the clock ran on real time).
const MACHINE_DATE = vi.hoisted(() => {
  const at = Date.UTC(2031, 5, 15, 12, 0, 0);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return at;
});

const { now, SEED_NOW } = await import('./clock');
const { SEED_COUPONS } = await import('./fixtures/history');
const { call, ok, refusal } = await import('./test-client');
const { setupMockServer } = await import('./test-setup');

setupMockServer();
afterAll(() => vi.useRealTimers());

describe('the mock clock', () => {
  it('starts at the seed’s instant and runs at real speed from there', () => {
    expect(now()).toBe(SEED_NOW);
    vi.setSystemTime(MACHINE_DATE + 15 * 60_000);
    expect(now()).toBe(SEED_NOW + 15 * 60_000);
  });

  it('keeps the seed’s coupons valid and its expired one expired, whatever the date', async () => {
    const valid = await ok(api.verifyCoupon, { body: { coupon_code: SEED_COUPONS.airtime } });
    expect(valid.message.isValid).toBe(true);
    const expired = await call(api.verifyCoupon, {
      body: { coupon_code: SEED_COUPONS.cableExpired },
    });
    expect(refusal(expired.json).msg).toBe(SERVER_MSG.couponExpired);
  });
});
