import { tidyPhone } from '@contract/rules';

/**
 * What the SMS outbox needs of an SMS provider (ADR 0079): send one text to one number, and
 * the account's balance (the live start probe). Termii is the first (termii.ts); another
 * provider is one more adapter behind this interface, nothing else changes.
 */

/** What one send came to. The outbox worker decides from `kind` alone. */
export type SmsSendResult =
  /** The provider took the message; `messageId` is its id for it. */
  | { kind: 'sent'; messageId: string }
  /**
   * The provider refused it for what it was sent (a 4xx other than 429: bad key, number,
   * sender ID, text, route or account). Sending it again would meet the same refusal.
   */
  | { kind: 'refused'; status: number; message: string }
  /**
   * No usable answer: a 5xx, a 429, a time-out, a network failure or an unreadable body.
   * The provider may or may not have sent it; the worker tries again later (ADR 0079).
   */
  | { kind: 'retry'; message: string };

export interface SmsBalance {
  /** In the account's currency's minor units (kobo for NGN). */
  amount: number;
  currency: string;
}

export interface SmsProvider {
  /** `termii`, or `sandbox-termii` for the adapter talking to the simulator. */
  readonly name: string;
  /**
   * Sends `text` to `to` (international digits, 234…). `ref` is our outbox row's reference:
   * logged with the call; Termii's send call has no field for it (ADR 0079).
   */
  send(to: string, text: string, ref: string): Promise<SmsSendResult>;
  /** The account balance; throws ProviderError (with the HTTP result as `raw`) otherwise. */
  balance(): Promise<SmsBalance>;
  /**
   * What the provider's delivery report says of a message it took (ADR 0086), in its own words
   * ("Delivered", "DND Active on Phone Number"); null when it has no such message. Throws
   * ProviderError without a readable answer. Absent when the provider documents no report.
   */
  report?(messageId: string): Promise<string | null>;
}

/**
 * A phone number as Termii wants it (international, no +: 2348031234567), from the ways
 * people write Nigerian numbers (08031234567, +234 803 123 4567, 234-803-…); null when it is
 * not an 11-digit Nigerian mobile number in any of them. Built on the contract's `tidyPhone`.
 */
export function internationalNumber(phone: string): string | null {
  const local = tidyPhone(phone.trim());
  return /^0\d{10}$/.test(local) ? `234${local.slice(1)}` : null;
}
