import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST …/two-factor/start: a new key and its otpauth:// link, until a code confirms it. */
export function useStartTwoFactor() {
  return useApiMutation(api.twoFactorStart);
}

/** POST …/two-factor/confirm: two-factor on; answers the recovery codes, once. */
export function useConfirmTwoFactor() {
  return useApiMutation(api.twoFactorConfirm, { invalidates: [api.adminSelf] });
}
