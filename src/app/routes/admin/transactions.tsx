import { TransactionsScreen } from '@/features/admin/components/transactions-screen';

export function AdminTransactionsPage() {
  return <TransactionsScreen />;
}
