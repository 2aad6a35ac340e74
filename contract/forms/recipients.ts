import { z } from '../zod';
import { MSG, SERVER_MSG } from '../messages';
import { LIMITS } from '../pricing';
import { isDigits, isPhone, MAX_LENGTH, notEmpty, requiredId, text } from '../rules';
import { RECIPIENT_PRODUCTS } from '../entities';

/**
 * Save where a purchase goes, with a name. The number is digits only, as long as the longest
 * the forms take (an account id); a phone must be a Nigerian phone (spec §9).
 */
export const SaveRecipientBody = z
  .object({
    product: z.enum(RECIPIENT_PRODUCTS, { error: MSG.inputsInvalid }),
    destination: text([[isDigits, SERVER_MSG.recipientNumberInvalid]], {
      max: MAX_LENGTH.accountId,
    }),
    service_id: requiredId(),
    variation_code: z.optional(z.enum(['prepaid', 'postpaid'], { error: MSG.inputsInvalid })),
    name: text([[notEmpty, SERVER_MSG.recipientNameRequired]], {
      max: LIMITS.recipientName,
      tooLong: SERVER_MSG.recipientNameTooLong,
    }),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.product === 'Airtime' && !isPhone(v.destination)) {
        ctx.addIssue({ code: 'custom', path: ['destination'], message: MSG.signupPhone });
      }
      if (v.product === 'Electricity' && !v.variation_code) {
        ctx.addIssue({ code: 'custom', path: ['variation_code'], message: MSG.inputsInvalid });
      }
    }),
  );

export const saveRecipientForm = () => SaveRecipientBody;
