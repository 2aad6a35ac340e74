import { PageTitle } from '@/app/layouts/layout-parts';
import { WalletScreen } from '@/features/wallet/components/wallet-screen';

export function WalletPage() {
  return (
    <>
      <PageTitle title="Wallet" />
      <WalletScreen />
    </>
  );
}
