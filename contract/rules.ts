import { z } from './zod';
import { LIMIT_MSG, MSG } from './messages';
import { toKobo, toNaira, type Kobo } from './money';
import { MAX_LENGTH, requiredId } from './field-limits';

// The limits every page's schemas use (the session's, announcements') live in field-limits.ts,
// so a page without forms does not carry these rules (ADR 0066).
export { MAX_LENGTH, requiredId };

/**
 * Field rules of spec §5, shared by the forms (raw strings from inputs) and the server
 * (JSON bodies). Each rule is an ordered list of checks; a field reports only the first
 * check it fails, with the spec's exact message, so the form and the server say the same.
 */
export type Check<T> = readonly [test: (value: T) => boolean, message: string];

export function firstFailure<T>(value: T, checks: readonly Check<T>[]): string | undefined {
  for (const [test, message] of checks) if (!test(value)) return message;
  return undefined;
}

export interface TextOptions {
  /** Trim surrounding spaces first (default true). */
  trim?: boolean;
  /** Longest accepted value (default `MAX_LENGTH.text`). */
  max?: number;
  /** Message for a value over `max` (default: the first check's message). */
  tooLong?: string;
  /** Tidies the (trimmed) value before it is measured and checked, e.g. `tidyPhone`. */
  tidy?: (value: string) => string;
}

/**
 * A string field checked in order; a missing or non-string value gets the first message.
 * The length is checked first and stops the checks (`abort`): a long value never reaches a
 * pattern.
 */
export function text(checks: readonly Check<string>[], options: TextOptions = {}) {
  const first = checks[0]?.[1] ?? MSG.inputsInvalid;
  const base = z.string({ error: first });
  const trimmed = options.trim === false ? base : base.check(z.trim());
  const s = options.tidy ? trimmed.check(z.overwrite(options.tidy)) : trimmed;
  return s.check(
    z.maxLength(options.max ?? MAX_LENGTH.text, { error: options.tooLong ?? first, abort: true }),
    z.superRefine((value, ctx) => {
      const message = firstFailure(value, checks);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
}

// ── Patterns (spec §5, §9) ────────────────────────────────────────────────────

/**
 * Standard e-mail shape: something@something.tld, no spaces. Linear time: the domain is dot-
 * separated labels that cannot contain dots, so there is one way to match (the former
 * `[^\s@]+\.[^\s@]+$` backtracked quadratically on long input).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;
/** Nigerian mobile prefixes the spec allows (spec §9). */
export const PHONE_PREFIXES = ['070', '080', '081', '090', '091'] as const;
/** 11 digits, no spaces or letters, starting with an allowed prefix. */
export const PHONE_PATTERN = /^0(70|80|81|90|91)\d{8}$/;
export const DIGITS_PATTERN = /^\d+$/;
/** "Name needs at least 5 consecutive letters." */
export const NAME_PATTERN = /[A-Za-z]{5,}/;
/** "Password: a run of at least 8 letters or digits." */
export const PASSWORD_PATTERN = /[A-Za-z0-9]{8,}/;
export const PIN_LENGTH = 6;

export const isEmail = (v: string) => EMAIL_PATTERN.test(v);
export const isPhone = (v: string) => PHONE_PATTERN.test(v);
/**
 * A number as customers type or paste it, as the 11 digits the spec's rule checks: spaces,
 * dashes and brackets go, and the international form (+234 803…, 234803…) becomes 0803….
 * Anything else is left for the rule to refuse.
 */
export const tidyPhone = (v: string) => {
  const compact = v.replace(/[\s\-()]/g, '');
  if (/^\+234\d{10}$/.test(compact)) return `0${compact.slice(4)}`;
  if (/^234\d{10}$/.test(compact)) return `0${compact.slice(3)}`;
  return compact;
};
export const isDigits = (v: string) => DIGITS_PATTERN.test(v);
export const notEmpty = (v: string) => v.length > 0;

// ── Reusable fields ───────────────────────────────────────────────────────────

/** A pin is never longer than six digits, whichever screen sends it. */
const PIN_LIMIT = { trim: false, max: PIN_LENGTH, tooLong: MSG.pinLength } as const;

/** A 6-digit pin (create pin, reset pin). */
export const PinSchema = text(
  [
    [notEmpty, MSG.pinRequired],
    [isDigits, MSG.pinInvalid],
    [(v) => v.length === PIN_LENGTH, MSG.pinLength],
  ],
  PIN_LIMIT,
);

/** A pin that only has to be present (purchase screens each name it differently). */
export const requiredPin = (message: string) => text([[notEmpty, message]], PIN_LIMIT);

/** Any password field: untrimmed, at most `MAX_LENGTH.password` characters. */
export const PASSWORD_LIMIT = {
  trim: false,
  max: MAX_LENGTH.password,
  tooLong: LIMIT_MSG.passwordTooLong,
} as const;

/** Spec password rule: a run of at least 8 letters or digits. */
export const passwordRule = (requiredMessage?: string) =>
  text(
    [
      ...(requiredMessage ? ([[notEmpty, requiredMessage]] as const) : []),
      [(v: string) => PASSWORD_PATTERN.test(v), MSG.passwordTooShort],
    ],
    PASSWORD_LIMIT,
  );

/**
 * An optional id-like string: empty strings are treated as absent (a codec, so bodies encode);
 * at most `max` characters (`message` beyond).
 */
export const optionalText = (
  max: number = MAX_LENGTH.id,
  message: string = MSG.inputsInvalid,
  tidy: (value: string) => string = (v) => v,
) =>
  z.codec(
    z.optional(
      z.string({ error: message }).check(z.trim(), z.overwrite(tidy), z.maxLength(max, message)),
    ),
    z.optional(z.string()),
    {
      decode: (v) => (v ? v : undefined),
      encode: (v) => v,
    },
  );

/** A whole number of units from `range.min` to `range.max`; one message for every way it is wrong. */
export const unitCount = (range: { min: number; max: number }, message: string) =>
  z
    .number({ error: message })
    .check(z.int(message), z.gte(range.min, message), z.lte(range.max, message));

/**
 * Whole naira amount on the wire (the spec's "digits only") decoded to kobo, checked in order
 * against naira values. Used by bodies; forms feed it from a digits-only string (`fromInput`).
 */
export function wholeNaira(typeMessage: string, checks: readonly Check<number>[] = []) {
  const wire = z.number({ error: typeMessage }).check(
    z.superRefine((n, ctx) => {
      const message =
        Number.isSafeInteger(n) && n <= 10_000_000_000 ? firstFailure(n, checks) : typeMessage;
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
  return z.codec(wire, z.int(), {
    decode: (n): Kobo => toKobo(n),
    encode: (kobo) => toNaira(kobo),
  });
}

/**
 * A form's raw input string → the wire schema (digits only, else `message`).
 * `emptyMessage` lets a screen say "Amount cannot be empty." before the digits rule.
 */
export function fromInput<T extends z.ZodMiniType<unknown, number>>(
  wire: T,
  message: string,
  emptyMessage?: string,
) {
  return z.pipe(
    z.pipe(
      text([...(emptyMessage ? ([[notEmpty, emptyMessage]] as const) : []), [isDigits, message]]),
      z.transform(Number),
    ),
    wire,
  );
}

/** Adds "Passwords not equal" when `confirm` differs from `password` (spec §5). */
export function withConfirmation<T extends z.ZodMiniObject<{ [k: string]: z.ZodMiniType }>>(
  schema: T,
  passwordKey: string,
  confirmKey = 'confirm_password',
) {
  return z
    .extend(schema, {
      [confirmKey]: z
        .string({ error: MSG.passwordsNotEqual })
        .check(z.maxLength(MAX_LENGTH.password, MSG.passwordsNotEqual)),
    })
    .check(
      z.superRefine((values: Record<string, unknown>, ctx) => {
        if (values[passwordKey] !== values[confirmKey]) {
          ctx.addIssue({ code: 'custom', path: [confirmKey], message: MSG.passwordsNotEqual });
        }
      }),
    );
}

/**
 * Adds "Insufficient funds." when what the form would charge exceeds the balance.
 * `total` returns kobo from the parsed values, or undefined when it cannot be known yet.
 */
export function withBalance<T extends z.ZodMiniType<Record<string, unknown>>>(
  schema: T,
  balance: Kobo,
  total: (values: z.output<T>) => Kobo | undefined,
  path = 'amount',
) {
  return schema.check(
    z.superRefine(
      (values: z.output<T>, ctx) => {
        const charge = total(values);
        if (charge !== undefined && charge > balance) {
          ctx.addIssue({ code: 'custom', path: [path], message: MSG.insufficientFunds });
        }
      },
      { when: (payload) => payload.issues.length === 0 },
    ),
  );
}

/** First message of a failed parse, in field order: what a one-line form error shows. */
export function firstMessage(result: z.util.SafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** Messages by field (first per field), for forms that show errors under each input. */
export function fieldMessages(result: z.util.SafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_form';
    out[key] ??= issue.message;
  }
  return out;
}
