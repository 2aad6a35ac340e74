import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function ElectricityPage() {
  return <PlaceholderScreen title="Electricity" />;
}
