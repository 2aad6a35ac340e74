import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AirtimePage() {
  return <PlaceholderScreen title="Airtime" />;
}
