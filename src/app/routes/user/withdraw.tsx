import { PageTitle } from '@/app/layouts/layout-parts';
import { WithdrawScreen } from '@/features/wallet/components/withdraw-screen';

export function WithdrawPage() {
  return (
    <>
      <PageTitle title="Withdraw" />
      <WithdrawScreen />
    </>
  );
}
