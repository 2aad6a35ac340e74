import { z } from '../zod';
import { MSG, SERVER_MSG } from '../messages';
import type { Kobo } from '../money';
import { LIMITS } from '../pricing';
import {
  MAX_LENGTH,
  optionalText,
  requiredId,
  requiredPin,
  unitCount,
  withBalance,
} from '../rules';
import { couponCode } from './purchases';

/** Exam pins' request body and form (spec §5 "Education", §7). */

/** JAMB pins are sold against the candidate's profile id (VTpass `billersCode`). */
export const JAMB_SERVICE_ID = 'jamb';

export const isJambProfileId = (v: string | undefined) => !!v && /^\d{10}$/.test(v);

export const EDUCATION_UNITS_MESSAGE = `Units must be between ${LIMITS.educationUnits.min} and ${LIMITS.educationUnits.max}.`;

export const EducationBody = z
  .object({
    service_id: requiredId(),
    plan_id: requiredId(),
    pin: requiredPin(MSG.invalidPin),
    quantity: unitCount(LIMITS.educationUnits, EDUCATION_UNITS_MESSAGE),
    /** JAMB profile id (the provider's billersCode for JAMB pins): required for JAMB. */
    profile_id: optionalText(MAX_LENGTH.number, SERVER_MSG.jambProfileId),
    coupon_code: couponCode,
  })
  .check(
    z.superRefine((v, issues) => {
      if (v.service_id === JAMB_SERVICE_ID && !isJambProfileId(v.profile_id)) {
        issues.addIssue({
          code: 'custom',
          path: ['profile_id'],
          message: SERVER_MSG.jambProfileId,
        });
      }
    }),
  );

export const educationForm = (ctx: { balance: Kobo; total: (quantity: number) => Kobo }) =>
  withBalance(EducationBody, ctx.balance, (v) => ctx.total(v.quantity), 'quantity');
