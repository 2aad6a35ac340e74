/** The login form (spec §5): its own module, as endpoints/login.ts. */
import { z } from '../zod';
import { MSG } from '../messages';
import { isEmail, notEmpty, PASSWORD_LIMIT, text } from '../rules';
import { email } from './email';

export const LoginBody = z.object({
  username: email(MSG.loginEmail, [
    [notEmpty, MSG.loginRequired],
    [isEmail, MSG.loginEmail],
  ]),
  password: text([[notEmpty, MSG.loginRequired]], PASSWORD_LIMIT),
});

export const loginForm = () => LoginBody;
