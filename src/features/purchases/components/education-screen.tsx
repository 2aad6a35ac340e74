import { educationForm } from '@contract/forms';
import { useEducationPurchase } from '../api/education';
import { CouponTab } from './coupon-tab';
import { EducationForm } from './education-form';
import { PurchaseScreen } from './purchase-screen';

/** One education coupon is one pin: no destination, only the secret pin. */
function EducationCoupon() {
  const buy = useEducationPurchase();
  return (
    <CouponTab
      screen="Education"
      destinationFor={() => null}
      parse={(coupon, input) =>
        educationForm({ balance: 0, total: () => 0 }).safeParse({
          service_id: coupon.meta_data.service_id,
          plan_id: coupon.meta_data.plan_id,
          quantity: 1,
          pin: input.pin,
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
