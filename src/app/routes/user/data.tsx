import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function DataPage() {
  return <PlaceholderScreen title="Data" />;
}
