import { z } from '../zod';
import { TRUST_MSG } from '../messages';
import { MAX_LENGTH, type PinSchema } from '../rules';

/**
 * The pin typed twice (ADR 0046): it is masked, and a slip would lock the customer
 * out of their money. The confirmation is checked once the pin itself passes the spec's rules
 * (their messages come first), and is not sent.
 */
export function withPinConfirmation<T extends z.ZodMiniObject<{ pin: typeof PinSchema }>>(
  schema: T,
) {
  return z.pipe(
    z
      .extend(schema, {
        confirm_pin: z
          .string({ error: TRUST_MSG.pinsNotEqual })
          .check(z.maxLength(MAX_LENGTH.password, TRUST_MSG.pinsNotEqual)),
      })
      .check(
        z.superRefine((values, ctx) => {
          const { pin, confirm_pin } = values as { pin: string; confirm_pin: string };
          if (pin !== confirm_pin) {
            ctx.addIssue({
              code: 'custom',
              path: ['confirm_pin'],
              message: TRUST_MSG.pinsNotEqual,
            });
          }
        }),
      ),
    z.transform((values) => {
      const { confirm_pin: _confirmed, ...body } = values as typeof values & {
        confirm_pin: string;
      };
      return body as z.output<T>;
    }),
  );
}
