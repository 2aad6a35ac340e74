import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** The money e-mails switch (issue 24; ADR 0047): read it, and set it. */
export function useMailPreferences() {
  return useApiQuery(api.mailPreferences, {});
}

export function useSetMailPreferences() {
  return useApiMutation(api.setMailPreferences, { invalidates: [api.mailPreferences] });
}
