/**
 * Request bodies of spec §7 with the validation rules of spec §5, and the forms built on them.
 * `XBody` is what the server parses (JSON, money in naira → kobo). `xForm(...)` is what a
 * screen parses (raw input strings, plus what the screen knows: balance, chosen plan); it
 * reuses the body's field rules, so one message lives in one place.
 *
 * One module per area (ADR 0066), as for the endpoints: a page's bundle carries the
 * forms of the areas it uses and no other.
 */
export * from './forms/session';
export * from './forms/login';
export * from './forms/auth';
export * from './forms/settings';
export * from './forms/recipients';
export * from './forms/wallet';
export * from './forms/purchases';
export * from './forms/airtime';
export * from './forms/data';
export * from './forms/cable';
export * from './forms/electricity';
export * from './forms/education';
export * from './forms/coupons';
export * from './forms/admin';
export * from './forms/hooks';
