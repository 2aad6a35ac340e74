import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function WalletPage() {
  return <PlaceholderScreen title="Wallet" />;
}
