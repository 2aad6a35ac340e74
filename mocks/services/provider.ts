import {
  COUPON_PRODUCTS,
  LIMITS,
  type CouponProduct,
  type Kobo,
  type TransactionStatus,
} from '@contract';
import { hash32, type Rng } from '../random';

/**
 * The mock upstream provider, faithful to the VTpass sandbox's idea (docs/domain.md) but with
 * rules a person can remember: a phone, meter, smart card or account number ending in 0000
 * fails, one ending in 1111 stays pending, anything else succeeds.
 */
export type Outcome = Extract<TransactionStatus, 'successful' | 'pending' | 'failed'>;

export function sandboxOutcome(destination: string | undefined): Outcome {
  if (destination?.endsWith('0000')) return 'failed';
  if (destination?.endsWith('1111')) return 'pending';
  return 'successful';
}

/** The provider's `response_description` for each outcome. */
export const RESPONSE_TEXT: Record<Outcome, string> = {
  successful: 'TRANSACTION SUCCESSFUL',
  pending: 'TRANSACTION PROCESSING',
  failed: 'TRANSACTION FAILED',
};

/** Band A tariff, ₦209.50 per kWh (NERC, 2025): turns an amount into the units on a token. */
const BAND_A_KOBO_PER_KWH = 20_950;

export interface ElectricityReceipt {
  token?: string;
  units?: string;
  exchangeReference: string;
}

/** Prepaid answers a 20-digit token and the units; postpaid only a reference. */
export function electricityReceipt(
  rng: Rng,
  amount: Kobo,
  code: 'prepaid' | 'postpaid',
): ElectricityReceipt {
  const exchangeReference = rng.digits(14);
  if (code === 'postpaid') return { exchangeReference };
  const token = rng.digits(20).replace(/(\d{4})(?=\d)/g, '$1-');
  const units = `${(amount / BAND_A_KOBO_PER_KWH).toFixed(1)} kWh`;
  return { token, units, exchangeReference };
}

/** Exam pins as the provider returns them: WAEC cards have a serial and a pin, JAMB a pin. */
export function educationCodes(rng: Rng, serviceId: string, quantity: number): string {
  const cards: string[] = [];
  for (let i = 0; i < quantity; i += 1) {
    if (serviceId === 'jamb') cards.push(`Pin: ${rng.digits(10)}`);
    else cards.push(`Serial No: WRN${rng.digits(9)}, Pin: ${rng.digits(12)}`);
  }
  return cards.join('; ');
}

const CUSTOMER_NAMES = [
  'ADEWALE OGUNDIPE',
  'CHIOMA NWANKWO',
  'MUSA ABDULLAHI',
  'BLESSING EDET',
  'OLUMIDE BANJO',
  'AMINA GARBA',
  'EBUKA OKONKWO',
  'FOLAKE ADEYINKA',
] as const;

/** The account holder a meter or smart card "belongs to": stable per number. */
export function customerName(number: string): string {
  return CUSTOMER_NAMES[hash32(number) % CUSTOMER_NAMES.length] ?? 'ADEWALE OGUNDIPE';
}

export const ADDRESSES = [
  '14 Allen Avenue, Ikeja, Lagos',
  '7 Aminu Kano Crescent, Wuse II, Abuja',
  '22 Ogui Road, Enugu',
  '3 Aba Road, Port Harcourt',
] as const;

export function customerAddress(number: string): string {
  return ADDRESSES[hash32(`a${number}`) % ADDRESSES.length] ?? '14 Allen Avenue, Ikeja, Lagos';
}

/** Crockford base32: no I, L, O, U, so a code read aloud or typed is unambiguous. */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 12 symbols × 5 bits = 60 bits, then the product value (decisions §8; FAQ: "ends with"). */
export function couponCode(rng: Rng, product: CouponProduct): string {
  return `${rng.chars(12, CODE_ALPHABET)}-${product}`;
}

/** The product a code ends with, if any (longest first: DATA-NON-REGULAR before REGULAR). */
export function couponProductOf(code: string): CouponProduct | undefined {
  return [...COUPON_PRODUCTS]
    .sort((a, b) => b.length - a.length)
    .find((p) => code.toUpperCase().endsWith(`-${p}`));
}

/** Days a coupon stays valid (contract LIMITS; not in the spec). */
export const COUPON_LIFETIME_DAYS = LIMITS.couponLifetimeDays;

/** Display text of an amount for coupon names: "₦1,500" (one definition, in the contract). */
export { nairaText } from '@contract';
