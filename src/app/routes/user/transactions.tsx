import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function UserTransactionsPage() {
  return <PlaceholderScreen title="Transactions" />;
}
