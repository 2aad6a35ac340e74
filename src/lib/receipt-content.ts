/**
 * What a shared receipt says, on its own so that receipt.ts (which builds it) and
 * receipt-image.ts (which draws it, loaded on demand) both name it without importing each other.
 */
export type ReceiptContent = {
  brand: string;
  title: string;
  amount: string;
  status: string;
  /** Label and value, in order: what was bought, where it went, the token or pin, reference, date. */
  rows: [string, string][];
};
