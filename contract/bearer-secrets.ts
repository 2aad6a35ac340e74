import { z } from './zod';

/**
 * Bearer secrets are not staff data (ADR 0071): a coupon code, an electricity token and exam
 * pins are worth money to whoever holds them, so an admin answer shows each masked (`••••1234`)
 * and an admin with the `secrets.reveal` permission sees one in clear, one at a time, with a
 * reason the audit log keeps. The customer's own answers show them as before.
 */

/** The transaction fields that hold bearer secrets, each a list of items separated by `;`. */
export const BEARER_FIELDS = ['token', 'purchased_code', 'coupon_code'] as const;
export type BearerField = (typeof BEARER_FIELDS)[number];

export const BEARER_FIELD_LABEL: Record<BearerField, string> = {
  token: 'Token',
  purchased_code: 'Purchased code',
  coupon_code: 'Coupon used',
};

/** What stands for the hidden characters. */
export const MASK = '••••';

/** Fewer letters and digits than this: nothing is shown at all (four would give too much away). */
const SHOW_LAST_FROM = 12;

/** A coupon code (ADR 0010): two groups of seven symbols, then its product. */
const COUPON_CODE = /^[A-Z0-9]{7}-[A-Z0-9]{7}-([A-Z][A-Z-]*)$/;

/**
 * One item masked: its last four letters or digits after `••••` (`••••1122` for a token, the
 * pin's last four for `Serial: …, Pin: …`), or `••••` alone when it has fewer than twelve. A
 * coupon code keeps its product, which is no secret: `••••TW4H-AIRTIME`.
 */
export function maskBearer(item: string): string {
  const text = item.trim();
  const coupon = COUPON_CODE.exec(text);
  if (coupon) return `${MASK}${text.slice(11, 15)}-${coupon[1]}`;
  // "Token: …", "Pin: …": the label is not part of the secret.
  const symbols = text.replace(/^[A-Za-z ]{1,12}:\s*/, '').replace(/[^A-Za-z0-9]/g, '');
  return symbols.length >= SHOW_LAST_FROM ? `${MASK}${symbols.slice(-4)}` : MASK;
}

/** The items of a field: the codes of a coupon purchase, the pins of an exam purchase… */
export const bearerItems = (value: string): string[] =>
  value
    .split(';')
    .map((item) => item.trim())
    .filter(Boolean);

/** A field masked item by item, joined as it was stored. */
export const maskBearerField = (value: string): string =>
  bearerItems(value).map(maskBearer).join('; ');

/** One masked item of an admin's transaction, and where to ask for it in clear. */
export const BearerItemSchema = z.object({
  field: z.enum(BEARER_FIELDS),
  /** Its place in the field's list, from 0. */
  item: z.int().check(z.nonnegative()),
  masked: z.string(),
});
export type BearerItem = z.output<typeof BearerItemSchema>;

/** The items of a transaction's bearer fields, masked, in field order. */
export function bearerItemsOf(tx: Partial<Record<BearerField, string | undefined>>): BearerItem[] {
  return BEARER_FIELDS.flatMap((field) =>
    bearerItems(tx[field] ?? '').map((value, item) => ({ field, item, masked: maskBearer(value) })),
  );
}

export const REVEAL_REASON_MIN = 10;
export const REVEAL_REASON_MAX = 300;
/** Highest item index a request may name (a purchase holds at most this many codes). */
export const REVEAL_ITEM_MAX = 999;

export const REVEAL_MSG = {
  reasonRequired: 'Say why you need to see it: the audit log keeps your reason.',
  reasonTooShort: `Say why in at least ${REVEAL_REASON_MIN} characters: the audit log keeps your reason.`,
  reasonTooLong: `The reason can be at most ${REVEAL_REASON_MAX} characters.`,
  fieldInvalid: 'Choose a code, token or pin to reveal.',
  notFound: 'This transaction has no such code, token or pin.',
  /** A retry (same X-Request-Id) of a reveal: the value is never kept for it. */
  shownOnce: 'It was shown once and is not kept: reveal it again, with a reason, to see it.',
  revealed: 'Shown to you once and recorded in the audit log with your reason.',
  granted: 'They may now reveal codes, tokens and pins, one at a time, with a reason.',
  revoked: 'They can no longer reveal codes, tokens and pins.',
  notGrantable: 'Only a support admin can be given this: owners have it, other roles cannot.',
  unchanged: 'Nothing changed: it was already so.',
} as const;
