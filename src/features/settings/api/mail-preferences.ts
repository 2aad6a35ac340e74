import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** SMS and e-mail per kind (ADR 0081; the e-mails ADR 0047): read them, and set them. */
export function useMailPreferences() {
  return useApiQuery(api.mailPreferences, {});
}

export function useSetMailPreferences() {
  return useApiMutation(api.setMailPreferences, { invalidates: [api.mailPreferences] });
}
