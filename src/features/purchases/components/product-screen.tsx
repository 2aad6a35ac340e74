import { useState } from 'react';
import { Field } from '@/components/ui/field';
import { OptionSelect, type SelectOption } from '@/components/ui/option-select';
import { CouponTab } from './lazy-coupon-tab';
import { ProductForm, type ProductDefinition, type ProductModel } from './product-form';
import { PurchaseScreen } from './purchase-screen';

/**
 * A product's page (spec §2; ADR 0061): its heading from the definition, its wallet form
 * (`ProductForm`) and its "Use Coupon" tab (`ProductCoupon`), both from the same definition.
 */
export function ProductScreen<C, M extends ProductModel<B>, B>({
  definition,
}: {
  definition: ProductDefinition<C, M, B>;
}) {
  return (
    <PurchaseScreen
      title={definition.page.title}
      description={definition.page.description}
      wallet={<ProductForm definition={definition} />}
      coupon={<ProductCoupon definition={definition} />}
    />
  );
}

const NO_OPTIONS: readonly SelectOption[] = [];
/** The options of a product whose coupons lack nothing: none. */
const useNoOptions = () => NO_OPTIONS;

/**
 * Coupon redemption with the definition's `coupon` rules: the coupon is already paid for, so
 * no balance check. A detail the coupon lacks (`choice`) is chosen here and given to the rules.
 */
function ProductCoupon<C, M extends ProductModel<B>, B>({
  definition,
}: {
  definition: ProductDefinition<C, M, B>;
}) {
  const rules = definition.coupon;
  const buy = definition.useBuy();
  const [chosen, setChosen] = useState('');
  // The same hook on every render: a definition has a choice or has not.
  const useOptions = rules.choice?.useOptions ?? useNoOptions;
  const options = useOptions();
  const { choice, verifyWith } = rules;
  return (
    <CouponTab
      screen={rules.screen}
      destinationFor={rules.destinationFor}
      verifyWith={verifyWith && ((coupon) => verifyWith(coupon, chosen))}
      choice={
        choice && {
          field: choice.field,
          render: (coupon, { controlId, error, changed }) =>
            choice.missing(coupon) ? (
              <Field
                label={choice.label}
                hint={choice.hint}
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
                    placeholder={choice.placeholder}
                    options={options}
                  />
                )}
              </Field>
            ) : null,
        }
      }
      parse={(coupon, input) => rules.parse(coupon, { ...input, chosen })}
      purchase={{ ...buy, send: (body) => buy.trigger({ body }) }}
    />
  );
}
