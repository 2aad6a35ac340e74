import { PageTitle } from '@/app/layouts/layout-parts';
import { TransactionsScreen } from '@/features/transactions/components/transactions-screen';

export function UserTransactionsPage() {
  return (
    <>
      <PageTitle title="Transactions" />
      <TransactionsScreen />
    </>
  );
}
