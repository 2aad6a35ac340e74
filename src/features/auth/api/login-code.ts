import { useCallback } from 'react';
import * as api from '@contract/api';
import type { CallInput } from '@/lib/api-client';
import { saveTokens } from '@/lib/session';
import { useApiMutation } from '@/lib/swr';

/**
 * POST /api/auth/login/code (ADR 0051). Its own module, so the sign-in page loads the
 * two-factor step only for an admin who reaches it.
 */
/** The sign-in's second step: the challenge and a code; on success the tokens are saved. */
export function useLoginCode() {
  const mutation = useApiMutation(api.loginCode);
  const { trigger: send } = mutation;
  const trigger = useCallback(
    async (input: CallInput<typeof api.loginCode>) => {
      const tokens = await send(input);
      saveTokens(tokens);
      return tokens;
    },
    [send],
  );
  return { ...mutation, trigger };
}
