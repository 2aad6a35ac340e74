import { ReferralSettingsScreen } from '@/features/admin/components/referral-settings-screen';

export function AdminReferralsPage() {
  return <ReferralSettingsScreen />;
}
