import { describe, expect, it } from 'vitest';
import { CATALOGUE } from './catalogue';
import { COUPON_META_KEYS, couponMeta } from './coupon-meta';
import { CouponMetaSchema } from './entities';
import { NAIRA } from './pricing';

const keys = (o: object) => Object.keys(o).sort();
const network = CATALOGUE.networks[0]!;
const disco = CATALOGUE.electricity.find((v) => v.variation_code === 'prepaid')!;
const dataVariation = CATALOGUE.data[0]!;
const dataPlan = dataVariation.plans[0]!;
const cable = CATALOGUE.cabletv[0]!;
const exam = CATALOGUE.education[0]!;

describe('couponMeta: what a coupon keeps to be redeemed', () => {
  it('an electricity coupon keeps its DisCo and meter type (it could not be redeemed without)', () => {
    const meta = couponMeta.electricity(200 * NAIRA, disco);
    expect(meta).toEqual({
      product: 'ELECTRICITY',
      name: `₦200 ${disco.name}`,
      amount: 200 * NAIRA,
      service_id: disco.service_id,
      variation_code: 'prepaid',
    });
    expect(keys(meta)).toEqual([...COUPON_META_KEYS.ELECTRICITY].sort());
  });

  it('every product carries exactly its listed keys, and passes the contract schema', () => {
    const built = [
      couponMeta.airtime(500 * NAIRA, network),
      couponMeta.data('DATA-REGULAR', { ...dataPlan, price: dataPlan.wallet_price }, dataVariation),
      couponMeta.data('DATA-NON-REGULAR', { ...dataPlan, price: 1 }, dataVariation),
      couponMeta.bill('CABLETV', cable.plans[0]!, cable),
      couponMeta.bill('EDUCATION', exam.plans[0]!, exam),
      couponMeta.electricity(1_500_50, disco),
    ];
    for (const meta of built) {
      expect(keys(meta)).toEqual([...COUPON_META_KEYS[meta.product]].sort());
      expect(CouponMetaSchema.safeParse({ ...meta, amount: meta.amount / NAIRA }).success).toBe(
        true,
      );
    }
    expect(built.map((m) => m.product).sort()).toEqual(Object.keys(COUPON_META_KEYS).sort());
  });

  it('names amounts in whole naira with grouping, kobo only when present', () => {
    expect(couponMeta.airtime(1_500 * NAIRA).name).toBe('₦1,500 Airtime');
    expect(couponMeta.airtime(1_500 * NAIRA, network).name).toBe(`₦1,500 ${network.name} Airtime`);
    expect(couponMeta.electricity(1_500_50, disco).name).toBe(`₦1,500.50 ${disco.name}`);
  });

  it('an airtime coupon for any network carries no network', () => {
    expect(keys(couponMeta.airtime(500 * NAIRA))).toEqual(['amount', 'name', 'product']);
  });
});
