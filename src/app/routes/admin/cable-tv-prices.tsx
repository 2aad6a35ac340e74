import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminCableTvPricesPage() {
  return <PlaceholderScreen title="Cable TV plan prices" />;
}
