import { isEmail, MAX_LENGTH, text, type Check } from '../rules';

/** An e-mail field: at most 254 characters, else the field's own "invalid e-mail" message. */
export const email = (message: string, checks: readonly Check<string>[] = [[isEmail, message]]) =>
  text(checks, { max: MAX_LENGTH.email, tooLong: message });
