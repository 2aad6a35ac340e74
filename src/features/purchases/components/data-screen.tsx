import { dataForm } from '@contract/forms';
import type { Coupon } from '@contract/entities';
import { useDataPurchase } from '../api/data';
import { CouponTab } from './lazy-coupon-tab';
import { DataForm } from './products/data';
import { PurchaseScreen } from './purchase-screen';

/** SPECTRANET and SMILE coupons are DATA-NON-REGULAR: bought for an account id. */
const needsAccount = (coupon: Coupon) => coupon.meta_data.product === 'DATA-NON-REGULAR';

function DataCoupon() {
  const buy = useDataPurchase();
  return (
    <CouponTab
      screen="Data"
      destinationFor={(coupon) =>
        needsAccount(coupon)
          ? { field: 'account_id', label: 'Account ID', inputMode: 'text' }
          : {
              field: 'phone_number',
              label: 'Phone number',
              hint: '11 digits, starting 070, 080, 081, 090 or 091.',
              inputMode: 'tel',
            }
      }
      parse={(coupon, input) => {
        const requiresAccountId = needsAccount(coupon);
        return dataForm({ balance: 0, requiresAccountId }).safeParse({
          service_id: coupon.meta_data.service_id,
          network_id: coupon.meta_data.network_id,
          plan_id: coupon.meta_data.plan_id,
          ...(requiresAccountId
            ? { account_id: input.destination }
            : { phone_number: input.destination }),
          pin: input.pin,
          coupon_code: coupon.coupon_code,
        });
      }}
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}

/** Data (spec §2 page 5). */
export function DataScreen() {
  return (
    <PurchaseScreen
      title="Data"
      description="Mobile data bundles, Spectranet and Smile."
      wallet={<DataForm />}
      coupon={<DataCoupon />}
    />
  );
}
