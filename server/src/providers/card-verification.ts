import type { CardStatus, CardVerification, TransferVerification } from './types.ts';

/** Flutterwave's transaction status words → ours; anything unknown stays pending. */
export function cardStatus(status: string): CardStatus {
  switch (status.toLowerCase()) {
    case 'successful':
      return 'successful';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'pending';
  }
}

/** The answer when the provider could not tell: never credit on it. */
export function pendingVerification(
  ref: { transactionId?: string; txRef: string },
  raw?: unknown,
): CardVerification {
  return {
    status: 'pending',
    txRef: ref.txRef,
    transactionId: ref.transactionId ?? '',
    amount: 0,
    currency: '',
    raw,
  };
}

/** Card fee (domain.md): 1.4 % of the amount, capped at ₦2,000; kobo, rounded. */
export function localCardFee(amount: number): number {
  return Math.min(Math.round((amount * 14) / 1000), 2_000_00);
}

/** A transfer the provider could not confirm (unknown id, unreadable answer): never credit it. */
export function pendingTransfer(transactionId: string, raw?: unknown): TransferVerification {
  return {
    status: 'pending',
    transactionId,
    txRef: null,
    accountNumber: null,
    amount: 0,
    currency: '',
    paymentType: '',
    sender: '',
    raw,
  };
}
