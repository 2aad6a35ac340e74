import { educationForm, JAMB_SERVICE_ID } from '@contract/forms';
import { useEducationPurchase } from '../api/education';
import { CouponTab } from './lazy-coupon-tab';
import { EducationForm } from './products/education';
import { PurchaseScreen } from './purchase-screen';

/** One education coupon is one pin: only the secret pin, and a profile id for JAMB. */
function EducationCoupon() {
  const buy = useEducationPurchase();
  return (
    <CouponTab
      screen="Education"
      destinationFor={(coupon) =>
        coupon.meta_data.service_id === JAMB_SERVICE_ID
          ? { field: 'profile_id', label: 'JAMB profile ID', inputMode: 'numeric' }
          : null
      }
      parse={(coupon, input) =>
        educationForm({ balance: 0, total: () => 0 }).safeParse({
          service_id: coupon.meta_data.service_id,
          plan_id: coupon.meta_data.plan_id,
          quantity: 1,
          pin: input.pin,
          ...(coupon.meta_data.service_id === JAMB_SERVICE_ID && {
            profile_id: input.destination.trim(),
          }),
          coupon_code: coupon.coupon_code,
        })
      }
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}

/** Education (spec §2 page 11). */
export function EducationScreen() {
  return (
    <PurchaseScreen
      title="Education"
      description="WAEC result checkers, WAEC registration and JAMB pins."
      wallet={<EducationForm />}
      coupon={<EducationCoupon />}
    />
  );
}
