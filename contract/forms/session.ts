import { z } from '../zod';
import { MAX_LENGTH } from '../rules';

export const RefreshBody = z.object({
  refresh_token: z.string().check(z.minLength(1), z.maxLength(MAX_LENGTH.token)),
});
