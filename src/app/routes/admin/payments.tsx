import { PaymentsScreen } from '@/features/admin/components/payments-screen';

export function AdminPaymentsPage() {
  return <PaymentsScreen />;
}
