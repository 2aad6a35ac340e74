import { cableForm } from '@contract/forms';
import { useCableTvPurchase } from '../api/cable-tv';
import { CableForm } from './products/cable';
import { CouponTab } from './lazy-coupon-tab';
import { PurchaseScreen } from './purchase-screen';

function CableCoupon() {
  const buy = useCableTvPurchase();
  return (
    <CouponTab
      screen="CableTV"
      destinationFor={() => ({
        field: 'smart_card_number',
        label: 'Smart card number',
        hint: 'The IUC or decoder number, digits only.',
        inputMode: 'numeric',
      })}
      verifyWith={(coupon) => ({ serviceId: coupon.meta_data.service_id })}
      parse={(coupon, input) =>
        cableForm({ balance: 0 }).safeParse({
          service_id: coupon.meta_data.service_id,
          plan_id: coupon.meta_data.plan_id,
          smart_card_number: input.destination,
          pin: input.pin,
          coupon_code: coupon.coupon_code,
        })
      }
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}

/** Cable TV (spec §2 page 6). */
export function CableScreen() {
  return (
    <PurchaseScreen
      title="Cable TV"
      description="Renew DStv, GOtv, StarTimes and Showmax."
      wallet={<CableForm />}
      coupon={<CableCoupon />}
    />
  );
}
