import { z } from '../zod';
import { MAX_LENGTH } from '../field-limits';

export const RefreshBody = z.object({
  refresh_token: z.string().check(z.minLength(1), z.maxLength(MAX_LENGTH.token)),
});
