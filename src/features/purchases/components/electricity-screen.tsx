import { useState } from 'react';
import { electricityCouponForm } from '@contract/forms';
import { Field } from '@/components/ui/field';
import { OptionSelect } from '@/components/ui/option-select';
import { useElectricityProducts } from '@/lib/catalogue';
import { useElectricityPurchase } from '../api/electricity';
import { CouponTab } from './lazy-coupon-tab';
import { ElectricityForm } from './products/electricity';
import { PurchaseScreen } from './purchase-screen';

/**
 * Electricity coupons are prepaid tokens of one DisCo (decisions §8), bought for their own
 * amount (from ₦200: the wallet's ₦500 minimum is not theirs). A coupon sold before coupons
 * kept their DisCo asks the customer to choose one (decision 0013).
 */
function ElectricityCoupon() {
  const buy = useElectricityPurchase();
  const products = useElectricityProducts();
  const [chosen, setChosen] = useState('');
  const discos = (products.data?.message ?? []).filter((v) => v.variation_code === 'prepaid');
  const serviceOf = (coupon: { meta_data: { service_id?: string } }) =>
    coupon.meta_data.service_id ?? chosen;
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
        serviceId: serviceOf(coupon) || undefined,
        variationCode: 'prepaid',
      })}
      choice={{
        field: 'service_id',
        render: (coupon, { controlId, error, changed }) =>
          coupon.meta_data.service_id ? null : (
            <Field
              label="Electricity company"
              hint="This coupon does not name its DisCo: choose the meter's."
              controlId={controlId}
              error={error}
              required
            >
              {(control) => (
                <OptionSelect
                  {...control}
                  value={chosen}
                  onValueChange={(v) => {
                    setChosen(v);
                    changed();
                  }}
                  placeholder="Choose your DisCo"
                  options={discos.map((v) => ({ value: v.service_id, label: v.name }))}
                />
              )}
            </Field>
          ),
      }}
      parse={(coupon, input) =>
        electricityCouponForm().safeParse({
          service_id: serviceOf(coupon),
          variation_code: coupon.meta_data.variation_code ?? 'prepaid',
          meter_number: input.destination,
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
