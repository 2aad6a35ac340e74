import { type Leg, systemAccountId, walletAccountId } from '../wallet/ledger.ts';

/**
 * The legs of a funding credit (card or bank transfer: both settle through Flutterwave, so
 * both clear through `card_clearing`): the provider owes us the amount less its fee, the wallet
 * gets `credit`, stamp duty is payable, and the fee is the business's expense unless the
 * customer paid it (their credit is smaller).
 */
export function fundingLegs(f: {
  userId: string;
  amount: number;
  fee: number;
  duty: number;
  credit: number;
  customerPaysFee: boolean;
}): Leg[] {
  const legs = new Map<string, number>();
  const add = (accountId: string, a: number) => legs.set(accountId, (legs.get(accountId) ?? 0) + a);
  add(systemAccountId('card_clearing'), -f.amount);
  add(walletAccountId(f.userId), f.credit);
  add(systemAccountId('stamp_duty_payable'), f.duty);
  // The provider keeps its fee out of the settlement.
  add(systemAccountId('card_clearing'), f.fee);
  if (!f.customerPaysFee) add(systemAccountId('fees_income'), -f.fee);
  return [...legs].filter(([, a]) => a !== 0).map(([accountId, a]) => ({ accountId, amount: a }));
}
