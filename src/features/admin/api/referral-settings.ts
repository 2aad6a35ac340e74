import * as api from '@contract/api';
import { useApiMutation, useApiQuery } from '@/lib/swr';

/** GET /api/admin/referrals: the commission per product, first-funding bonus and daily cap (ADR 0056). */
export function useReferralSettings() {
  return useApiQuery(api.referralSettings, {});
}

/** PUT /api/admin/referrals: saves them (later purchases only); the audit log refreshes. */
export function useSetReferralSettings() {
  return useApiMutation(api.setReferralSettings, {
    invalidates: [api.referralSettings, api.auditLog],
  });
}
