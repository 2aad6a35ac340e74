import { z } from '../zod';
import { LIMIT_MSG, MSG, SERVER_MSG } from '../messages';
import {
  isPhone,
  tidyPhone,
  MAX_LENGTH,
  optionalText,
  passwordRule,
  PinSchema,
  text,
  NAME_PATTERN,
  withConfirmation,
} from '../rules';
import { email } from './email';
import { withPinConfirmation } from './pin';

const SignupFields = z.object({
  name: text([[(v) => NAME_PATTERN.test(v), MSG.signupName]], {
    max: MAX_LENGTH.name,
    tooLong: LIMIT_MSG.nameTooLong,
  }),
  email: email(MSG.signupEmail).check(z.overwrite((v) => v.toLowerCase())),
  phone: text([[isPhone, MSG.signupPhone]], { max: MAX_LENGTH.phone, tidy: tidyPhone }),
  password: passwordRule(),
  referral_code: optionalText(MAX_LENGTH.referralCode),
});

export const RegisterBody = SignupFields;

export const signupForm = () => withConfirmation(SignupFields, 'password');

export const EmailBody = z.object({
  email: email(MSG.forgotEmail).check(z.overwrite((v) => v.toLowerCase())),
});

export const forgotPasswordForm = () => EmailBody;

export const TokenBody = z.object({
  token: z
    .string({ error: SERVER_MSG.tokenInvalid })
    .check(
      z.minLength(1, SERVER_MSG.tokenInvalid),
      z.maxLength(MAX_LENGTH.token, SERVER_MSG.tokenInvalid),
    ),
});

const ResetPasswordFields = z.object({ password: passwordRule(MSG.resetPasswordRequired) });

export const ResetPasswordBody = z.extend(TokenBody, ResetPasswordFields.shape);

export const resetPasswordForm = () => withConfirmation(ResetPasswordFields, 'password');

export const PinBody = z.object({ pin: PinSchema });

export const createPinForm = () => withPinConfirmation(PinBody);
