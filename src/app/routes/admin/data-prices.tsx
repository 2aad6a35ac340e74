import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminDataPricesPage() {
  return <PlaceholderScreen title="Data plan prices" />;
}
