import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function UserOverviewPage() {
  return <PlaceholderScreen title="Overview" />;
}
