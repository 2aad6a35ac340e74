import { CABLETV, DATA, DISCOS, NETWORKS } from './catalogue';
import { FAILURE_MSG } from './messages/history';

/**
 * Why a purchase failed, as a customer is told it (ADR 0074). Each provider answer we know is
 * sorted into one of these by the server (server/src/providers/failure-reason.ts, from the
 * providers' documented codes); the customer reads one plain sentence per reason, naming the
 * network or biller and what was bought, never the provider's code or words (those are the
 * admin's).
 */
export const FAILURE_REASONS = [
  /** The network or biller did not complete it (VTpass 016, 040, 091, 011, 020; a failed bill). */
  'declined',
  /** The number it was for was refused (VTpass 025, 026; Flutterwave's "invalid customer"). */
  'details',
  /** Below the least or above the most it sells (VTpass 013, 017, 031, 032). */
  'amount',
  /** Not on sale through the provider right now (VTpass 010, 012, 018, 021–030, 034, 035…). */
  'unavailable',
  /** The same purchase a moment before (VTpass 019). */
  'duplicate',
  /** Any answer we do not know. */
  'unknown',
] as const;

export type FailureReason = (typeof FAILURE_REASONS)[number];

/** What a purchase row must say for its sentence: what was bought, for whom and where. */
export interface FailedPurchase {
  product: string;
  service_id?: string | null;
  account_id?: string | null;
}

/** Exam bodies by service id (the catalogue names the PIN, not the body). */
const EXAM_BODIES: Record<string, string> = {
  waec: 'WAEC',
  'waec-registration': 'WAEC',
  jamb: 'JAMB',
};

/** The network or biller a customer knows: "MTN", "DStv", "Ikeja Electric (IKEDC)", "JAMB". */
export function billerName(serviceId: string | null | undefined): string | undefined {
  if (!serviceId) return undefined;
  return (
    NETWORKS.find((n) => n.service_id === serviceId)?.name ??
    DATA.find((d) => d.service_id === serviceId)?.name ??
    CABLETV.find((c) => c.service_id === serviceId)?.name ??
    DISCOS.find(([id]) => id === serviceId)?.[1] ??
    EXAM_BODIES[serviceId]
  );
}

/** "top-up", "data purchase", "subscription"… */
function kindOf(product: string): string {
  switch (product) {
    case 'Airtime':
      return 'top-up';
    case 'Data':
      return 'data purchase';
    case 'CableTV':
      return 'TV subscription';
    case 'Electricity':
      return 'electricity purchase';
    case 'Education':
      return 'PIN purchase';
    default:
      return 'purchase';
  }
}

/** The number the customer typed, by its name on the form. */
function fieldOf(t: FailedPurchase): string {
  switch (t.product) {
    case 'Airtime':
    case 'Data':
      return t.account_id ? 'account ID' : 'phone number';
    case 'CableTV':
      return 'smart card number';
    case 'Electricity':
      return 'meter number';
    case 'Education':
      return t.service_id === 'jamb' ? 'profile ID' : 'details';
    default:
      return 'details';
  }
}

/**
 * The customer's sentence for a failed purchase: "MTN could not complete this top-up." The
 * refund ("₦490.00 is back in your wallet.") is said beside it, where the amount is shown.
 */
export function failureSentence(reason: FailureReason, t: FailedPurchase): string {
  const kind = kindOf(t.product);
  const biller = billerName(t.service_id);
  if (!biller || reason === 'unknown') return FAILURE_MSG.unknown(kind);
  switch (reason) {
    case 'declined':
      return FAILURE_MSG.declined(biller, kind);
    case 'details':
      return FAILURE_MSG.details(biller, kind, fieldOf(t));
    case 'amount':
      return FAILURE_MSG.amount(biller, kind);
    case 'unavailable':
      return FAILURE_MSG.unavailable(biller, kind);
    case 'duplicate':
      return FAILURE_MSG.duplicate(biller, kind);
  }
}
