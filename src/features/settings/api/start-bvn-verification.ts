import * as api from '@contract/api';
import { useApiMutation } from '@/lib/swr';

/** Level 2 (ADR 0063): sends the BVN with consent; answers the provider's consent page. */
export function useStartBvnVerification() {
  return useApiMutation(api.startBvnVerification);
}
