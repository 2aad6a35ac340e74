import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminTransactionsPage() {
  return <PlaceholderScreen title="Transactions" />;
}
