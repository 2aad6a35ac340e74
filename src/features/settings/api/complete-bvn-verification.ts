import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** Back from the consent page (ADR 0063): the check's outcome; the level may have risen. */
export function useCompleteBvnVerification() {
  return useApiMutation(api.completeBvnVerification, {
    invalidates: [api.verification, api.currentUser],
  });
}
