import { useCallback } from 'react';
import * as api from '@contract/api';
import type { CallInput } from '@/lib/api-client';
import { saveTokens } from '@/lib/session';
import { useApiMutation } from '@/lib/swr';

/**
 * POST /api/auth/login: `username` holds the e-mail; the answer is the token pair, or for an
 * admin with two-factor a challenge to send back with the code (ADR 0051).
 */
export const loginKey = api.login.path;

/** Signs in: on success the token pair is saved (spec §4, logged out → logged in). */
export function useLogin() {
  const mutation = useApiMutation(api.login);
  const { trigger: send } = mutation;
  const trigger = useCallback(
    async (input: CallInput<typeof api.login>) => {
      const answer = await send(input);
      if (!('two_factor_required' in answer)) saveTokens(answer);
      return answer;
    },
    [send],
  );
  return { ...mutation, trigger };
}
