import { TwoFactorScreen } from '@/features/admin/components/two-factor-screen';

export function AdminSecurityPage() {
  return <TwoFactorScreen />;
}
