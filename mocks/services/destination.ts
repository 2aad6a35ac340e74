import { tidyPhone } from '@contract/rules';
import type { Transaction } from '@contract/entities';

/**
 * The admin's search by what a purchase was for, as the server answers it (ADR 0078): the
 * phone tidied (080…, +234… and 234… alike), the meter or smart card number, or the provider's
 * reference, each exact.
 */
export function matchesDestination(
  t: Pick<
    Transaction,
    'transaction_phone' | 'meter_number' | 'smart_card_number' | 'exchangeReference'
  >,
  dest: string | undefined,
): boolean {
  if (!dest) return true;
  const tidy = tidyPhone(dest);
  return (
    t.transaction_phone === tidy ||
    t.meter_number === tidy ||
    t.smart_card_number === tidy ||
    t.exchangeReference === dest
  );
}
