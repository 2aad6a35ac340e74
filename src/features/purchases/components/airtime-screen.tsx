import { toNaira } from '@contract/money';
import { airtimeForm } from '@contract/forms';
import { useAirtimePurchase } from '../api/airtime';
import { AirtimeForm } from './products/airtime';
import { CouponTab } from './lazy-coupon-tab';
import { PurchaseScreen } from './purchase-screen';

/** Coupon redemption: the coupon is already paid for, so no balance check (total 0). */
function AirtimeCoupon() {
  const buy = useAirtimePurchase();
  return (
    <CouponTab
      screen="Airtime"
      destinationFor={() => ({
        field: 'phone_number',
        label: 'Phone number',
        hint: '11 digits, starting 070, 080, 081, 090 or 091.',
        inputMode: 'tel',
      })}
      parse={(coupon, input) =>
        airtimeForm({ balance: 0, total: () => 0 }).safeParse({
          phone_number: input.destination,
          amount: String(toNaira(coupon.meta_data.amount)),
          network_id: coupon.meta_data.network_id,
          pin: input.pin,
          coupon_code: coupon.coupon_code,
        })
      }
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}

/** Airtime (spec §2 page 4). */
export function AirtimeScreen() {
  return (
    <PurchaseScreen
      title="Airtime"
      description="Recharge any Nigerian number instantly."
      wallet={<AirtimeForm />}
      coupon={<AirtimeCoupon />}
    />
  );
}
