import { useState, type FormEvent } from 'react';
import { educationForm, JAMB_SERVICE_ID } from '@contract/forms';
import { billPrice, LIMITS } from '@contract/pricing';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Money } from '@/components/ui/money';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import { UnitStepper } from '@/components/ui/unit-stepper';
import { useEducationProducts } from '@/lib/catalogue';
import { useEducationPurchase } from '../api/education';
import { CatalogueState, useBalance } from './purchase-screen';
import { PriceSummary } from './price-summary';
import { PinField, SubmitRow } from './purchase-fields';
import { usePurchaseFlow } from './use-purchase-flow';
import { PurchaseResult } from './purchase-result';
import { useFormErrors } from '@/lib/use-form-errors';
import { useTierPrice } from '@/lib/tier';

const FIELDS = ['service_id', 'plan_id', 'profile_id', 'quantity', 'pin'] as const;
const SEP = '|';

/**
 * Exam pins from the wallet (spec §5 "Education"): an exam, 1 to 5 units, the pin; JAMB pins
 * also ask the candidate's profile id.
 */
export function EducationForm() {
  const products = useEducationProducts();
  const balance = useBalance();
  const buy = useEducationPurchase();
  const { errors, validate, clear, idOf } = useFormErrors(FIELDS);
  const [choice, setChoice] = useState('');
  const [quantity, setQuantity] = useState(1);
  const [pin, setPin] = useState('');
  const [profileId, setProfileId] = useState('');
  const flow = usePurchaseFlow(buy);
  const withTier = useTierPrice();

  const variations = products.data?.message ?? [];
  const [serviceId = '', planId = ''] = choice ? choice.split(SEP) : [];
  const variation = variations.find((v) => v.service_id === serviceId);
  const plan = variation?.plans.find((p) => p.plan_id === planId);
  const isJamb = serviceId === JAMB_SERVICE_ID;
  const unitPrice = (units: number) =>
    plan && variation
      ? withTier('education', billPrice(plan.price, variation.wallet_convinience_fee, units))
      : undefined;
  const price = unitPrice(quantity);

  const edited = (field: (typeof FIELDS)[number]) => {
    clear(field);
    buy.reset();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = validate(
      educationForm({ balance, total: (units) => unitPrice(units)?.total ?? 0 }),
      {
        service_id: serviceId,
        plan_id: planId,
        quantity,
        pin,
        ...(isJamb && { profile_id: profileId.trim() }),
      },
    );
    if (!body) return;
    await flow.submit(body);
  };

  if (flow.result) {
    return (
      <PurchaseResult
        transaction={flow.result}
        destination={
          isJamb && profileId.trim()
            ? { label: 'JAMB profile ID', value: profileId.trim() }
            : undefined
        }
        onDone={() => {
          flow.done();
          setPin('');
        }}
      />
    );
  }
  if (!products.data) {
    return (
      <CatalogueState
        what="exams"
        isLoading={products.isLoading}
        error={products.error}
        retry={() => void products.mutate()}
      />
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Buy exam pins">
      <Field
        label="Exam"
        controlId={idOf('service_id')}
        error={errors.service_id ?? errors.plan_id}
        required
      >
        {(control) => (
          <Select
            value={choice}
            onValueChange={(v) => {
              setChoice(v);
              edited('service_id');
              edited('plan_id');
            }}
          >
            <SelectTrigger {...control}>
              <SelectValue placeholder="Choose an exam" />
            </SelectTrigger>
            <SelectContent>
              {variations.flatMap((v) =>
                v.plans
                  .filter((p) => p.on_sale !== false)
                  .map((p) => (
                    <SelectItem
                      key={`${v.id}-${p.id}`}
                      value={`${v.service_id}${SEP}${p.plan_id}`}
                      price={<Money kobo={p.price} />}
                    >
                      {p.name}
                    </SelectItem>
                  )),
              )}
            </SelectContent>
          </Select>
        )}
      </Field>
      {isJamb ? (
        <Field
          label="JAMB profile ID"
          hint="The 10-digit profile ID the candidate got from JAMB."
          controlId={idOf('profile_id')}
          error={errors.profile_id}
          required
        >
          <Input
            name="profile_id"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={profileId}
            onChange={(e) => {
              setProfileId(e.target.value);
              edited('profile_id');
            }}
          />
        </Field>
      ) : null}
      <Field
        label="Units"
        hint={`${LIMITS.educationUnits.min} to ${LIMITS.educationUnits.max} pins.`}
        controlId={idOf('quantity')}
        error={errors.quantity}
        width="fit"
      >
        {(control) => (
          <UnitStepper
            {...control}
            label="Units"
            min={LIMITS.educationUnits.min}
            max={LIMITS.educationUnits.max}
            value={quantity}
            onChange={(n) => {
              setQuantity(n);
              edited('quantity');
            }}
          />
        )}
      </Field>
      <PriceSummary price={price} valueLabel={plan ? `${quantity} × ${plan.name}` : 'Value'} />
      <PinField
        id={idOf('pin')}
        error={errors.pin}
        value={pin}
        onChange={(next) => {
          setPin(next);
          edited('pin');
        }}
      />
      <SubmitRow error={flow.serverError} loading={buy.isMutating}>
        Buy pins
      </SubmitRow>
    </form>
  );
}
