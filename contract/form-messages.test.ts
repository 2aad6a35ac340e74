import { describe, expect, it } from 'vitest';
import * as forms from './forms';
import { z } from './zod';

/**
 * The browser loads no zod locale (ADR 0067): an issue without a message of its own reads zod's
 * bare "Invalid input". That is only acceptable where no customer or admin can cause it, so
 * every rule of every form body must carry a message of its own (the contract's sentences).
 * This test types into each field what a person can type (nothing, too much, letters, signs)
 * and fails, naming the field, if any answer is zod's fallback.
 */

/** Bodies no person types: the app or a provider fills every field. */
const NOT_TYPED = new Set([
  // The session's refresh token, sent by the session timers.
  'RefreshBody',
  // Flutterwave's redirect back to the app: query parameters, not a form.
  'PaymentVerifyBody',
  // Flutterwave's webhook.
  'PaymentWebhookBody',
]);

/** What zod says of an issue that has no message of its own (with no locale: "Invalid input"). */
const FALLBACK = z.string().safeParse(5).error!.issues[0]!.message;
const TYPED = ['', ' ', 'x'.repeat(600), 'abc', '-1', '0', '1.5', '08012345678', 'a@b'];

type Shape = Record<string, unknown>;
type Def = { shape?: Shape; in?: unknown; innerType?: unknown; schema?: unknown };
/** The object's fields, looked for through the pipes and wrappers the form builders add. */
const shapeOf = (schema: unknown): Shape | undefined => {
  const def = (schema as { _zod?: { def?: Def } } | undefined)?._zod?.def;
  if (!def) return undefined;
  return def.shape ?? shapeOf(def.in) ?? shapeOf(def.innerType) ?? shapeOf(def.schema);
};

/** A wallet that can pay for anything: the balance rules are the spec's own sentences. */
const RICH = 10_000_000_00;
const price = (amount: number) => amount;

/** The schemas the screens validate with: each form builder, as its screen calls it. */
const BUILT: Record<string, unknown> = {
  loginForm: forms.loginForm(),
  signupForm: forms.signupForm(),
  forgotPasswordForm: forms.forgotPasswordForm(),
  resetPasswordForm: forms.resetPasswordForm(),
  createPinForm: forms.createPinForm(),
  changePasswordForm: forms.changePasswordForm(),
  resetPinForm: forms.resetPinForm(),
  saveRecipientForm: forms.saveRecipientForm(),
  shareForm: forms.shareForm({ balance: RICH }),
  fundForm: forms.fundForm(),
  airtimeForm: forms.airtimeForm({ balance: RICH, total: price }),
  dataForm: forms.dataForm({ balance: RICH, requiresAccountId: true }),
  cableForm: forms.cableForm({ balance: RICH }),
  electricityForm: forms.electricityForm({ balance: RICH, total: price }),
  electricityCouponForm: forms.electricityCouponForm(),
  educationForm: forms.educationForm({ balance: RICH, total: price }),
  couponLoadForm: forms.couponLoadForm(),
  couponBuyForm: forms.couponBuyForm({ balance: RICH }),
};

describe('every rule a person can break says what is wrong (ADR 0067)', () => {
  const bodies = [...Object.entries(forms), ...Object.entries(BUILT)].filter(
    ([name, schema]) => shapeOf(schema) && !NOT_TYPED.has(name),
  );

  it('zod, with no locale, falls back to a bare sentence', () => {
    expect(FALLBACK).toBe('Invalid input');
  });

  it('finds the forms', () => {
    expect(bodies.map(([name]) => name)).toEqual(
      expect.arrayContaining(['LoginBody', 'RegisterBody', 'AirtimeBody', 'ShareBody']),
    );
    // Every builder the screens call is read, wrappers and all.
    expect(bodies.map(([name]) => name)).toEqual(expect.arrayContaining(Object.keys(BUILT)));
  });

  it.each(bodies)('%s', (_name, schema) => {
    const keys = Object.keys(shapeOf(schema)!);
    const fallbacks: string[] = [];
    for (const typed of TYPED) {
      for (const input of [
        Object.fromEntries(keys.map((key) => [key, typed])),
        ...keys.map((key) => ({ [key]: typed })),
      ]) {
        const result = (
          schema as {
            safeParse: (v: unknown) => {
              error?: { issues: { path: PropertyKey[]; message: string }[] };
            };
          }
        ).safeParse(input);
        for (const issue of result.error?.issues ?? []) {
          if (issue.message === FALLBACK)
            fallbacks.push(`${issue.path.join('.')}: ${issue.message}`);
        }
      }
    }
    expect([...new Set(fallbacks)]).toEqual([]);
  });
});
