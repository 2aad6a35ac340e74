import * as api from '@contract/api';
import { LIMITS } from '@contract/business-limits';
import { useApiQuery } from '@/lib/swr';

/**
 * GET /api/user/referrals (ADR 0056): the customer's referral code, people
 * referred, commissions earned and pending, and one server page of earnings, newest first.
 * The previous page stays on screen while the next one loads.
 */
export function useMyReferrals(page: number) {
  return useApiQuery(
    api.myReferrals,
    { query: { page, limit: LIMITS.pageSize } },
    { keepPreviousData: true },
  );
}
