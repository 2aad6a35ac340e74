import { useEffect } from 'react';
import { FALLBACK } from '@contract/messages';
import { cleanPlanName } from '@contract/plan-names';
import { isDigits, MAX_LENGTH } from '@contract/rules';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Money } from '@/components/ui/money';
import { errorMessage } from '@/lib/api-error';
import { useVerifyCustomer } from '../api/verify-customer';

export type CustomerCheck = ReturnType<typeof useCustomerCheck>;

/**
 * Looks up the name (and address) on a meter or smart card before paying. Forgets the answer
 * when the number or the biller changes.
 */
export function useCustomerCheck(
  serviceId: string | undefined,
  number: string,
  variationCode?: 'prepaid' | 'postpaid',
) {
  const verify = useVerifyCustomer();
  const { reset } = verify;
  useEffect(() => {
    reset();
  }, [serviceId, number, variationCode, reset]);

  const digits = isDigits(number.trim());
  /** Longer than any meter or smart card: the field's own rule answers, nothing is sent. */
  const tooLong = digits && number.trim().length > MAX_LENGTH.number;
  const canCheck = Boolean(serviceId) && digits && !tooLong;
  const check = () => {
    if (!serviceId || !canCheck) return;
    verify
      .trigger({
        body: {
          service_id: serviceId,
          customer_number: number.trim(),
          ...(variationCode && { variation_code: variationCode }),
        },
      })
      .catch(() => undefined);
  };
  /**
   * Electricity and TV are paid only to a name the customer has seen (ADR 0046):
   * the form refuses to submit until this is true.
   */
  const verified = Boolean(verify.data);
  return { verify, check, canCheck, tooLong, verified };
}

/** The Verify button and the customer it found (or the server's reason). */
export function CustomerCheckResult({ check }: { check: CustomerCheck }) {
  const { verify } = check;
  const customer = verify.data?.message;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={check.check}
        disabled={!check.canCheck}
        loading={verify.isMutating}
      >
        Verify
      </Button>
      {customer ? (
        <FormAlert tone="info" title={customer.customer_name} data-testid="customer">
          {customer.address ??
            (customer.renewal ? (
              // Our plan's name and price in naira, never the provider's stale "N2,565".
              <>
                Current bouquet: {customer.renewal.name} (<Money kobo={customer.renewal.price} />)
              </>
            ) : customer.current_bouquet ? (
              `Current bouquet: ${cleanPlanName(customer.current_bouquet)}`
            ) : (
              'Customer verified.'
            ))}
        </FormAlert>
      ) : null}
      {verify.error ? <FormAlert>{errorMessage(verify.error, FALLBACK.purchase)}</FormAlert> : null}
    </div>
  );
}
