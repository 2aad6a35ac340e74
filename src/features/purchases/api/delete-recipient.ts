import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/**
 * DELETE /api/user/recipients/:id. Apart from saving (save-recipient.ts): the picker deletes
 * on every purchase page, while the save form, with its rules, loads when opened.
 */
export function useDeleteRecipient() {
  return useApiMutation(api.deleteRecipient, { invalidates: [api.recipients] });
}
