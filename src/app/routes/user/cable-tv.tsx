import { PlaceholderScreen } from '@/app/layouts/placeholder-screen';

export function CableTvPage() {
  return <PlaceholderScreen title="Cable TV" />;
}
