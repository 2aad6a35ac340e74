import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function AdminOverviewPage() {
  return <PlaceholderScreen title="Overview" />;
}
