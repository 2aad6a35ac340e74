import { WithdrawalsScreen } from '@/features/admin/components/withdrawals-screen';

export function AdminWithdrawalsPage() {
  return <WithdrawalsScreen />;
}
