import { z } from '../zod';
import { MSG } from '../messages';
import {
  notEmpty,
  PASSWORD_LIMIT,
  passwordRule,
  PinSchema,
  text,
  withConfirmation,
} from '../rules';
import { withPinConfirmation } from './pin';

const ChangePasswordFields = z.object({
  old_password: text([[notEmpty, MSG.currentPasswordRequired]], PASSWORD_LIMIT),
  new_password: passwordRule(MSG.newPasswordRequired),
});

export const ChangePasswordBody = ChangePasswordFields;

export const changePasswordForm = () => withConfirmation(ChangePasswordFields, 'new_password');

export const ResetPinBody = z.object({
  password: text([[notEmpty, MSG.currentPasswordRequired]], PASSWORD_LIMIT),
  pin: PinSchema,
});

export const resetPinForm = () => withPinConfirmation(ResetPinBody);
