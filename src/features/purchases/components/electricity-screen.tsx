import { electricityForm } from '@contract/forms';
import { toNaira } from '@contract/money';
import { useElectricityPurchase } from '../api/electricity';
import { CouponTab } from './coupon-tab';
import { ElectricityForm } from './electricity-form';
import { PurchaseScreen } from './purchase-screen';

/** Electricity coupons are prepaid tokens (decisions §8). */
function ElectricityCoupon() {
  const buy = useElectricityPurchase();
  return (
    <CouponTab
      screen="Electricity"
      destinationFor={() => ({
        field: 'meter_number',
        label: 'Meter number',
        hint: 'Digits only.',
        inputMode: 'numeric',
      })}
      verifyWith={(coupon) => ({
        serviceId: coupon.meta_data.service_id,
        variationCode: 'prepaid',
      })}
      parse={(coupon, input) =>
        electricityForm({ balance: 0, total: () => 0 }).safeParse({
          service_id: coupon.meta_data.service_id,
          variation_code: 'prepaid',
          meter_number: input.destination,
          amount: String(toNaira(coupon.meta_data.amount)),
          pin: input.pin,
          coupon_code: coupon.coupon_code,
        })
      }
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}

/** Electricity (spec §2 page 7). */
export function ElectricityScreen() {
  return (
    <PurchaseScreen
      title="Electricity"
      description="Prepaid tokens and postpaid bills for every DisCo."
      wallet={<ElectricityForm />}
      coupon={<ElectricityCoupon />}
    />
  );
}
