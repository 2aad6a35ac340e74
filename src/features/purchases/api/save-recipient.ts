import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** POST /api/user/recipients: save where a purchase went, with a name. */
export function useSaveRecipient() {
  return useApiMutation(api.saveRecipient, { invalidates: [api.recipients] });
}
